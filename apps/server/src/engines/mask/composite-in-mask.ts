import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { REFINE_MASK } from '@rv/contracts/constants';

/**
 * How a masked refinement's result is stored: lossless, so every pixel outside the painted area is the
 * base's own. Effort 0 encodes about twice as fast as 1 for a file about 6% larger.
 */
export const LOSSLESS_RESULT_WEBP = { lossless: true, effort: 0 } as const;

export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * The guarantee of a masked refinement (ADR 022): the engine's new pixels only inside the painted area,
 * the base image's own pixels everywhere else. The mask (255 = may change) is blurred and then steepened
 * so that its soft edge lies wholly inside the painted area: outside it the weight is exactly 0 (the
 * base's decoded pixels, untouched), rising to 1 over about `REFINE_MASK.featherPx` pixels inside.
 *
 * libvips does every pixel operation (no per-pixel JavaScript on the event loop), and only on the painted
 * area's bounding box: the answer is cropped to the base's shape (centred) and fitted, the weight feathered and the two blended over the box
 * alone, and the blended box is copied into the decoded base row by row, so the pixels outside the box
 * are never worked on. sharp runs each pipeline on one thread here (its default on glibc), so a large box
 * is worked in horizontal strips, one per core, side by side. Answers raw RGB of the base's size.
 */
export async function compositeInMask(base: Buffer, engineOutput: Buffer, mask: Buffer): Promise<RawImage> {
  // The base and the answer decode while the mask is read and its painted box found (they are independent).
  const decodedBase = sharp(base).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  decodedBase.catch(() => undefined);
  const maskImage = await maskPixels(mask);
  const { width, height } = maskImage;
  const decodedOutput = answerAtLeast(engineOutput, width, height);
  decodedOutput.catch(() => undefined);
  const sized = decodedBase.then((decoded) => {
    if (decoded.info.width !== width || decoded.info.height !== height) throw new Error('the mask is not the size of the base image');
    return decoded.data;
  });
  sized.catch(() => undefined);
  const box = await paintedBox(maskImage);
  if (!box) return { data: await sized, width, height };
  const [weight, output] = await Promise.all([featheredWeight(maskImage), decodedOutput]);
  const blended = await Promise.all(
    strips(box).map(async (strip) => {
      // The answer, in the base's shape, shrunk onto the base (a hosted model answers at sizes of its own), the feathered weight
      // its alpha; libvips works out only the strip's pixels of the shrunk image.
      const changed = await sharp(output.data, { raw: output.info })
        .resize(width, height, { fit: 'fill' })
        .joinChannel(weight, { raw: { width, height, channels: 1 } })
        .extract(strip)
        .raw()
        .toBuffer();
      const data = await sized;
      // Over the base's own pixels of the strip (read in place: its whole rows, the strip's columns cut out).
      const rows = data.subarray(strip.top * width * 3, (strip.top + strip.height) * width * 3);
      const pixels = await sharp(rows, { raw: { width, height: strip.height, channels: 3 } })
        .extract({ left: strip.left, top: 0, width: strip.width, height: strip.height })
        .composite([{ input: changed, raw: { width: strip.width, height: strip.height, channels: 4 } }])
        .removeAlpha()
        .raw()
        .toBuffer();
      return { strip, pixels };
    }),
  );
  const data = await sized;
  for (const { strip, pixels } of blended) {
    const rowBytes = strip.width * 3;
    for (let y = 0; y < strip.height; y++) pixels.copy(data, ((strip.top + y) * width + strip.left) * 3, y * rowBytes, (y + 1) * rowBytes);
  }
  return { data, width, height };
}

/**
 * The engine's answer (raw RGB) enlarged by whole pixels (nearest) until it is at least the base's size on
 * each side, so that fitting it onto the base is a shrink (libvips' lanczos3 reduce). libvips enlarges
 * through an interpolator instead, which put edges about half a pixel off and softer: against a picture
 * drawn at the base's size, a 1536x1024 answer fitted this way measured 37.0 dB, enlarged directly 31.2 dB
 * (1024x1024: 33.3 against 31.0), and at a third of the CPU time.
 */
async function answerAtLeast(engineOutput: Buffer, width: number, height: number) {
  const { width: fullWidth = width, height: fullHeight = height } = await sharp(engineOutput).metadata();
  const crop = centredCrop(fullWidth, fullHeight, width / height);
  return sharp(engineOutput)
    .removeAlpha()
    .extract(crop)
    .resize(crop.width * Math.max(1, Math.ceil(width / crop.width)), crop.height * Math.max(1, Math.ceil(height / crop.height)), {
      fit: 'fill',
      kernel: 'nearest',
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
}

/**
 * The largest centred box of the answer in the base's shape (ADR 022): an answer of another aspect ratio
 * (a hosted model's own sizes: 21:9 for a 3:1 room, 3:1 for a 4:1 one) is cropped to the base's shape,
 * never stretched, so a round table stays round. What is cut off lies outside the base's frame.
 */
export function centredCrop(width: number, height: number, aspect: number): Box {
  const cropWidth = Math.min(width, Math.max(1, Math.round(height * aspect)));
  const cropHeight = Math.min(height, Math.max(1, Math.round(width / aspect)));
  return { left: Math.floor((width - cropWidth) / 2), top: Math.floor((height - cropHeight) / 2), width: cropWidth, height: cropHeight };
}

/** A box smaller than this (pixels) is worked in one piece. */
const MIN_STRIP_PIXELS = 512 * 512;

/** The box cut into horizontal strips, one per core (at most four), each of at least MIN_STRIP_PIXELS. */
function strips(box: Box): Box[] {
  const count = Math.max(1, Math.min(availableParallelism(), 4, Math.floor((box.width * box.height) / MIN_STRIP_PIXELS)));
  const rows = Math.ceil(box.height / count);
  const cut: Box[] = [];
  for (let top = box.top; top < box.top + box.height; top += rows)
    cut.push({ left: box.left, top, width: box.width, height: Math.min(rows, box.top + box.height - top) });
  return cut;
}

/** A stored mask as one raw channel: 255 where the refinement may change the image, 0 elsewhere. */
export async function maskPixels(mask: Buffer): Promise<RawImage> {
  const meta = await sharp(mask).metadata();
  // A stored mask is already one channel of 0 and 255 (refine-mask.ts): read as it is.
  if (meta.channels === 1 && meta.format === 'png') {
    const { data, info } = await sharp(mask).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  }
  // Transparent counts as "keep": the alpha is flattened onto black before the grey level is read.
  const { data, info } = await sharp(mask)
    .flatten({ background: '#000000' })
    .greyscale()
    .threshold(128)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The mask is shrunk by this factor before its painted box is looked for (any painted pixel keeps its block above 0). */
const BOX_SHRINK = 8;

/**
 * A box holding every painted pixel (libvips' trim on the mask shrunk eightfold, so it may be up to a
 * block larger than the tightest), widened by the feather's reach; null when nothing is painted.
 */
export async function paintedBox(mask: RawImage): Promise<Box | null> {
  const { width, height } = mask;
  const small = { width: Math.ceil(width / BOX_SHRINK), height: Math.ceil(height / BOX_SHRINK) };
  const shrunk = await sharp(mask.data, { raw: { width, height, channels: 1 } })
    .resize(small.width, small.height, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const trimmed = await sharp(shrunk, { raw: { ...small, channels: 1 } })
    .trim({ background: '#000000', threshold: 0 })
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => null);
  if (!trimmed) return null;
  const { info } = trimmed;
  // A mask with nothing painted trims to nothing (or is left whole): check that it holds a painted pixel.
  if (info.width === small.width && info.height === small.height && !(await anyPainted(mask))) return null;
  const pad = REFINE_MASK.featherPx * 2 + BOX_SHRINK;
  const left0 = -(info.trimOffsetLeft ?? 0) * BOX_SHRINK;
  const top0 = -(info.trimOffsetTop ?? 0) * BOX_SHRINK;
  const left = Math.max(0, left0 - pad);
  const top = Math.max(0, top0 - pad);
  const right = Math.min(width, left0 + info.width * BOX_SHRINK + pad);
  const bottom = Math.min(height, top0 + info.height * BOX_SHRINK + pad);
  return { left, top, width: right - left, height: bottom - top };
}

async function anyPainted(mask: RawImage): Promise<boolean> {
  const stats = await sharp(mask.data, { raw: { width: mask.width, height: mask.height, channels: 1 } }).stats();
  return (stats.channels[0]?.max ?? 0) > 0;
}

/**
 * The compositing weight (one raw channel of the mask's size): 0 outside the painted area, feathered to 255
 * inside it.
 */
export async function featheredWeight(mask: RawImage): Promise<Buffer> {
  const raw = { width: mask.width, height: mask.height, channels: 1 } as const;
  // blur puts the edge at about 128; (v - 127.5) * 2 moves it to 0 at the edge and 255 about 2 sigma inside.
  // The bitwise and with the painted area keeps an unpainted pixel in a narrow gap at exactly 0.
  return sharp(mask.data, { raw })
    .blur({ sigma: REFINE_MASK.featherPx / 2, precision: 'integer' })
    .linear(2, -255)
    .extractChannel(0)
    .boolean(mask.data, 'and', { raw })
    .raw()
    .toBuffer();
}

/**
 * The image with its painted area covered in flat grey (the mask stretched to the image's size): two
 * images compared this way are compared outside the painted area only (the fidelity of a masked refinement).
 */
export async function outsideMask(image: Buffer, mask: Buffer): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const alpha = await sharp(mask).extractChannel(0).resize(width, height, { fit: 'fill' }).raw().toBuffer();
  const cover = await sharp({ create: { width, height, channels: 3, background: '#808080' } })
    .joinChannel(alpha, { raw: { width, height, channels: 1 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return sharp(image)
    .removeAlpha()
    .composite([{ input: cover }])
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** The painted area's bounding box cut out of the image (what a masked refinement changed), or null when nothing is painted. */
export async function paintedCrop(image: Buffer, mask: Buffer): Promise<Buffer | null> {
  const pixels = await maskPixels(mask);
  const box = await paintedBox(pixels);
  if (!box) return null;
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const sx = width / pixels.width;
  const sy = height / pixels.height;
  const left = Math.floor(box.left * sx);
  const top = Math.floor(box.top * sy);
  return sharp(image)
    .extract({
      left,
      top,
      width: Math.max(1, Math.min(width - left, Math.ceil(box.width * sx))),
      height: Math.max(1, Math.min(height - top, Math.ceil(box.height * sy))),
    })
    .webp({ quality: 90 })
    .toBuffer();
}

/**
 * What a masked refinement changed, for its analysis: the painted area's box cut out of the image before
 * and after, and the painted share of the whole picture (0..1); null when nothing is painted.
 */
export async function changedAreaCrops(
  before: Buffer,
  after: Buffer,
  mask: Buffer,
): Promise<{ before: Buffer; after: Buffer; share: number } | null> {
  const [cropBefore, cropAfter, stats] = await Promise.all([
    paintedCrop(before, mask),
    paintedCrop(after, mask),
    sharp(mask).extractChannel(0).stats(),
  ]);
  if (!cropBefore || !cropAfter) return null;
  return { before: cropBefore, after: cropAfter, share: (stats.channels[0]?.mean ?? 0) / 255 };
}
