import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { REFINE_MASK } from '@rv/contracts/constants';
import { refineMaskRle } from '@rv/contracts/api/creation';
import { fileUrl } from '@rv/contracts/files';
import { messages } from '@rv/contracts/messages';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { roomDesigns } from '../../../db/schema';
import { deleteObjects } from '../../../storage/delete-objects';
import type { DesignImageRow } from '../../../db/schema';
import { maskPixels } from '../../../engines/mask/composite-in-mask';
import { AppError } from '../../../lib/app-error';
import type { Services } from '../../../services';
import { readObject } from '../../../storage/read-object';
import { MAX_INPUT_PIXELS } from '../../../uploads/process-image';
import type { UploadedFile } from '../../../uploads/read-multipart';
import { findOwnDesign } from '../find-own-design';
import { loadDesignImages } from '../load-design-images';

/** How many painted areas a design keeps for refinements not yet started. */
const PENDING_MASKS = 3;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** designs/<design id>/mask-<image id>-<random>.png: the image it was painted on is part of its name. */
const MASK_KEY = /^designs\/([^/]+)\/mask-([A-Za-z0-9_-]{1,64})-[0-9a-f]{12}\.png$/;

/**
 * The spec's calls name the image refined by its URL (`active_url`: /api/files/<key>, maybe with its
 * origin): the design's result whose own URL that is (an adapter; our web app names the image by id).
 */
export function imageOfActiveUrl(images: DesignImageRow[], activeUrl: string | undefined): DesignImageRow | undefined {
  if (!activeUrl) return undefined;
  let pathname: string;
  try {
    pathname = decodeURI(new URL(activeUrl, 'http://localhost').pathname);
  } catch {
    return undefined;
  }
  return images.find((image) => fileUrl(image.key) === pathname);
}

/** Where a checked mask painted on `image` is stored: the image's id is part of its name. */
export const maskKeyFor = (designId: string, imageId: string) =>
  `designs/${designId}/mask-${imageId}-${randomBytes(6).toString('hex')}.png`;

/**
 * 'Change only here' (ADR 022): checks a painted area (a PNG of the image's size, or the catalogue's
 * run-length form) against the image it was painted on: a PNG, that image's size, neither empty nor the
 * whole image. Answers it as a one-channel PNG (255 = may change), ready to store.
 */
export async function checkedMask(
  image: Pick<DesignImageRow, 'width' | 'height'>,
  input: { file?: UploadedFile; rle?: string },
): Promise<Buffer> {
  const mask = input.file ? await maskFromPng(input.file) : maskFromRle(input.rle ?? '');
  if (mask.width !== image.width || mask.height !== image.height)
    throw new AppError('BAD_REQUEST', messages.refineMask.wrongSize(image.width, image.height));
  const pixels = await (input.file ? maskPixels(mask.data) : Promise.resolve({ data: mask.data, width: mask.width, height: mask.height }));
  const share =
    ((await sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 1 } }).stats()).channels[0]?.mean ?? 0) / 255;
  if (share < REFINE_MASK.minShare) throw new AppError('BAD_REQUEST', messages.refineMask.empty);
  if (share > REFINE_MASK.maxShare) throw new AppError('BAD_REQUEST', messages.refineMask.whole);
  return sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 1 } })
    .toColourspace('b-w')
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/**
 * The spec's refine upload with a mask (an adapter): the mask is checked against the image `active_url`
 * names (else the design's first result), stored, and kept on the design as pending until the spec's
 * stream names it. Answers its key.
 */
export async function storeRefineMask(
  services: Services,
  input: { userId: string; designId: string; activeUrl?: string; file?: UploadedFile; rle?: string },
): Promise<string> {
  const { db } = services.database;
  const design = await findOwnDesign(db, input.designId, input.userId);
  const images = (await loadDesignImages(db, [design.id])).get(design.id) ?? [];
  const image = input.activeUrl ? imageOfActiveUrl(images, input.activeUrl) : images[0];
  if (!image) throw new AppError('BAD_REQUEST', messages.refineMask.notThisImage);
  const png = await checkedMask(image, input);
  const key = maskKeyFor(design.id, image.id);
  await services.storage.put(key, png, 'image/png');
  // The design keeps the newest few not yet used (so no stored file is without a row); older ones go.
  // One atomic append, then one atomic removal of exactly the keys pushed off: two uploads at once lose neither.
  const [row] = await db
    .update(roomDesigns)
    .set({ pendingMaskKeys: sql`${roomDesigns.pendingMaskKeys} || ${JSON.stringify([key])}::jsonb` })
    .where(eq(roomDesigns.id, design.id))
    .returning({ pending: roomDesigns.pendingMaskKeys });
  const pushedOff = (row?.pending ?? []).slice(0, -PENDING_MASKS);
  if (pushedOff.length) {
    await db
      .update(roomDesigns)
      .set({
        pendingMaskKeys: sql`${roomDesigns.pendingMaskKeys} - array[${sql.join(
          pushedOff.map((old) => sql`${old}`),
          sql`, `,
        )}]::text[]`,
      })
      .where(eq(roomDesigns.id, design.id));
    await deleteObjects(services.storage, pushedOff);
  }
  return key;
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

/**
 * The stored mask a refinement names (`mask` on the stream): one of this design's pending ones, painted on the image
 * being refined (or, when the stream names no image, on the image it was painted on). Answers the
 * mask's key and the base image's key.
 */
export async function maskedBase(
  services: Pick<Services, 'storage'>,
  design: { id: string; pendingMaskKeys: string[] },
  maskKey: string,
  images: DesignImageRow[],
  active: DesignImageRow | undefined,
): Promise<{ maskKey: string; baseKey: string }> {
  const match = MASK_KEY.exec(maskKey);
  const image = match && match[1] === design.id ? images.find((row) => row.id === match[2]) : undefined;
  if (!image || (active && active.id !== image.id)) throw new AppError('BAD_REQUEST', messages.refineMask.notThisImage);
  if (!design.pendingMaskKeys.includes(maskKey) || !(await readObject(services.storage, maskKey)))
    throw new AppError('BAD_REQUEST', messages.refineMask.notThisImage);
  return { maskKey, baseKey: image.key };
}
