import sharp from 'sharp';
import type { EngineImage } from '../image-engine';

export type ImageMimeType = EngineImage['mimeType'];

/** The width and height of an image, read from its header. */
export async function imageSize(data: Buffer): Promise<{ width: number; height: number }> {
  const { width, height } = await sharp(data).metadata();
  if (!width || !height) throw new Error('The image has no size');
  return { width, height };
}

/**
 * The shape closest to width:height among those a service supports, written "3:4" or "1536x1024"
 * (compared on a log scale, so 2:1 and 1:2 are as far from 1:1).
 */
export function nearestShape<T extends string>(width: number, height: number, shapes: readonly T[]): T {
  const target = Math.log(width / height);
  let best = shapes[0];
  let bestDistance = Infinity;
  for (const shape of shapes) {
    const [w, h] = shape.split(/[:x]/).map(Number);
    if (!w || !h) continue;
    const distance = Math.abs(Math.log(w / h) - target);
    if (distance < bestDistance) [best, bestDistance] = [shape, distance];
  }
  if (best === undefined) throw new Error('No shapes to choose from');
  return best;
}

const MIME_OF_FORMAT: Record<string, ImageMimeType> = { png: 'image/png', jpeg: 'image/jpeg', jpg: 'image/jpeg', webp: 'image/webp' };

/** The type of an image from its bytes (our stored images are WebP, JPEG or PNG). */
export async function imageMimeType(data: Buffer): Promise<ImageMimeType> {
  const { format } = await sharp(data).metadata();
  const mimeType = format ? MIME_OF_FORMAT[format] : undefined;
  if (!mimeType) throw new Error(`Unsupported image format: ${format ?? 'unknown'}`);
  return mimeType;
}

/** An image a service returned, as an EngineImage; a type we do not store is converted to PNG. */
export async function toEngineImage(data: Buffer, mimeType: string | undefined): Promise<EngineImage> {
  const known = Object.values(MIME_OF_FORMAT).find((type) => type === mimeType);
  if (known) return { data, mimeType: known };
  return { data: await sharp(data).png().toBuffer(), mimeType: 'image/png' };
}
