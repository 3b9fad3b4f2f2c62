import { stat } from 'node:fs/promises';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import { UPLOAD } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { AppError } from '../lib/app-error';
import { withImageSlot } from './image-slots';
import type { UploadSource } from './read-multipart';

/** At most ~40 megapixels decoded: a small file that expands to a huge bitmap is refused. */
export const MAX_INPUT_PIXELS = 40_000_000;
const ALLOWED = new Set<string>(UPLOAD.mimeTypes);

export interface ProcessedImage {
  full: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
  thumbWidth: number;
}

/**
 * Thumbnails are this wide (or the image's own width when smaller): grids show them, and a phone's
 * full-width image (about 380 CSS px at 1.75x) takes them instead of the full image (srcset).
 */
export const THUMBNAIL_WIDTH = 720;

/** The WebP thumbnail of an image, and its width. */
export async function makeThumbnail(image: Buffer): Promise<{ data: Buffer; width: number }> {
  const { data, info } = await sharp(image)
    .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
    .webp({ quality: 72 })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width };
}

/**
 * Every uploaded image passes through here: the magic bytes (never the name) decide the type; the
 * image is turned upright from its EXIF, re-encoded as WebP with no metadata (home photos carry GPS),
 * and a thumbnail is made for grids. A file on disk (an upload streamed to a temp file) is read by libvips
 * straight from the file, never whole into memory.
 */
export async function processImage(input: UploadSource, options: { maxWidth?: number } = {}): Promise<ProcessedImage> {
  return withImageSlot(() => processImageNow(input, options));
}

async function processImageNow(input: UploadSource, options: { maxWidth?: number }): Promise<ProcessedImage> {
  const size = typeof input === 'string' ? (await stat(input)).size : input.length;
  if (size > UPLOAD.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', messages.validation.unsupportedFile);
  const type = typeof input === 'string' ? await fileTypeFromFile(input) : await fileTypeFromBuffer(input);
  if (!type || !ALLOWED.has(type.mime)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.validation.unsupportedFile);
  try {
    const upright = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const maxWidth = options.maxWidth ?? 2560;
    const { data: full, info } = await upright
      .clone()
      .resize({ width: maxWidth, height: maxWidth, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 86 })
      .toBuffer({ resolveWithObject: true });
    const thumb = await makeThumbnail(full);
    return { full, thumb: thumb.data, width: info.width, height: info.height, thumbWidth: thumb.width };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.validation.unsupportedFile, {
      reason: error instanceof Error ? error.message : String(error),
    });
  }
}
