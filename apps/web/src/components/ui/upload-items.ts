import { UPLOAD } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';

/** The spec's 'Upload item': a picked file and its object-URL preview. */
export interface UploadItem {
  id: string;
  file: File;
  preview: string;
}

/** The file input's accept list: the allowed MIME types and extensions. */
export const ACCEPTED_IMAGES = [...UPLOAD.mimeTypes, ...UPLOAD.extensions.map((extension) => `.${extension}`)].join(',');

/** JPG, PNG or WebP (by both MIME type and extension), at most 10MB. HEIC, AVIF and anything else are refused. */
export function isAcceptedImage(file: File): boolean {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return (
    (UPLOAD.mimeTypes as readonly string[]).includes(file.type) &&
    (UPLOAD.extensions as readonly string[]).includes(extension) &&
    file.size <= UPLOAD.maxBytes
  );
}

const KNOWN_FORMATS: Record<string, string> = {
  heic: 'HEIC',
  heif: 'HEIC',
  avif: 'AVIF',
  gif: 'GIF',
  tif: 'TIFF',
  tiff: 'TIFF',
  bmp: 'BMP',
  svg: 'SVG',
  pdf: 'PDF',
};

/**
 * Why a file is refused before its bytes are read, in words for its owner (the spec's refusal with its
 * "..." told), or undefined when its name, type and size are allowed. A file that passes is then read: one
 * whose first bytes are not an image's gets `notAnImage`.
 */
export function refusalOf(file: File): string | undefined {
  if (isAcceptedImage(file)) return undefined;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const format = KNOWN_FORMATS[extension] ?? (file.type.startsWith('image/') ? file.type.slice(6).toUpperCase() : undefined);
  const allowed =
    (UPLOAD.mimeTypes as readonly string[]).includes(file.type) && (UPLOAD.extensions as readonly string[]).includes(extension);
  if (allowed && file.size > UPLOAD.maxBytes) {
    const megabytes = (file.size / 1024 / 1024).toFixed(1);
    return messages.validation.unsupportedFileBecause(
      `"${file.name}" is ${megabytes} MB, over the ${UPLOAD.maxBytes / 1024 / 1024}MB limit`,
    );
  }
  if (format) return messages.validation.unsupportedFileBecause(`"${file.name}" is a ${format} image`);
  return notAnImage(file);
}

/** The refusal of a file that is not an image at all (a text file named .jpg). */
export function notAnImage(file: File): string {
  return messages.validation.unsupportedFileBecause(`"${file.name}" is not an image`);
}

export function createUploadItem(file: File): UploadItem {
  return { id: crypto.randomUUID(), file, preview: URL.createObjectURL(file) };
}

export function revokeUploadItems(items: readonly UploadItem[]) {
  for (const item of items) URL.revokeObjectURL(item.preview);
}
