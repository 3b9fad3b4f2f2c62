import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { REFINE_MASK } from '@rv/contracts/constants';
import { refineMaskRle } from '@rv/contracts/api/creation';
import { messages } from '@rv/contracts/messages';
import sharp from 'sharp';
import type { DesignImageRow } from '../../../db/schema';
import { maskPixels } from '../../../engines/mask/composite-in-mask';
import { AppError } from '../../../lib/app-error';
import { MAX_INPUT_PIXELS } from '../../../uploads/process-image';
import type { UploadedFile } from '../../../uploads/read-multipart';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** designs/<design id>/mask-<image id>-<random>.png: the image it was painted on is part of its name. */
const MASK_KEY = /^designs\/([^/]+)\/mask-([A-Za-z0-9_-]{1,64})-[0-9a-f]{12}\.png$/;

/** Where a checked mask painted on `image` is stored: the image's id is part of its name. */
export const maskKeyFor = (designId: string, imageId: string) =>
  `designs/${designId}/mask-${imageId}-${randomBytes(6).toString('hex')}.png`;

/** The id of the image a stored mask of this design was painted on (read from its key, maskKeyFor); undefined for any other key. */
export function maskedImageId(designId: string, maskKey: string): string | undefined {
  const match = MASK_KEY.exec(maskKey);
  return match && match[1] === designId ? match[2] : undefined;
}

/** A painted area as a request carries it: a PNG file, or the catalogue's run-length text (`<w>x<h>:<runs>`). */
export type PaintedMask = { form: 'png'; file: UploadedFile } | { form: 'rle'; text: string };

/** The painted area a request's fields carry (the file wins), or none. */
export function paintedMaskOf(file: UploadedFile | undefined, rle: string | undefined): PaintedMask | undefined {
  if (file) return { form: 'png', file };
  return rle ? { form: 'rle', text: rle } : undefined;
}

/**
 * 'Change only here' (ADR 022): checks a painted area against the image it was painted on: a PNG (or
 * readable run-length text), that image's size, neither empty nor the whole image. Answers it as a
 * one-channel PNG (255 = may change), ready to store.
 */
export async function checkedMask(image: Pick<DesignImageRow, 'width' | 'height'>, painted: PaintedMask): Promise<Buffer> {
  const mask = painted.form === 'png' ? await maskFromPng(painted.file) : maskFromRle(painted.text);
  if (mask.width !== image.width || mask.height !== image.height)
    throw new AppError('BAD_REQUEST', messages.refineMask.wrongSize(image.width, image.height));
  const pixels = painted.form === 'png' ? await maskPixels(mask.data) : mask;
  const share =
    ((await sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 1 } }).stats()).channels[0]?.mean ?? 0) / 255;
  if (share < REFINE_MASK.minShare) throw new AppError('BAD_REQUEST', messages.refineMask.empty);
  if (share > REFINE_MASK.maxShare) throw new AppError('BAD_REQUEST', messages.refineMask.whole);
  return sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 1 } })
    .toColourspace('b-w')
    .png({ compressionLevel: 6 })
    .toBuffer();
}

async function maskFromPng(file: UploadedFile): Promise<{ data: Buffer; width: number; height: number }> {
  const data = typeof file.source === 'string' ? await readFile(file.source) : file.source;
  if (!data.subarray(0, 8).equals(PNG_SIGNATURE)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.refineMask.notPng);
  const meta = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
    .metadata()
    .catch(() => null);
  if (!meta || meta.format !== 'png' || !meta.width || !meta.height) throw new AppError('BAD_REQUEST', messages.refineMask.unreadable);
  return { data, width: meta.width, height: meta.height };
}

/** The run-length form (`<w>x<h>:<runs>`, kept and painted runs in turn) as one raw channel. */
export function maskFromRle(text: string): { data: Buffer; width: number; height: number } {
  const parsed = refineMaskRle.safeParse(text);
  if (!parsed.success) throw new AppError('BAD_REQUEST', messages.refineMask.unreadable);
  const [size, runs] = parsed.data.split(':') as [string, string];
  const [width, height] = size.split('x').map(Number) as [number, number];
  if (!width || !height || width * height > MAX_INPUT_PIXELS) throw new AppError('BAD_REQUEST', messages.refineMask.unreadable);
  const data = Buffer.alloc(width * height);
  let at = 0;
  runs.split(',').forEach((run, index) => {
    const length = Number(run);
    if (index % 2 === 1) data.fill(255, at, Math.min(at + length, data.length));
    at += length;
  });
  if (at !== width * height) throw new AppError('BAD_REQUEST', messages.refineMask.unreadable);
  return { data, width, height };
}
