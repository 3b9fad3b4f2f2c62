import { UPLOAD } from '@rv/contracts/constants';

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

export function createUploadItem(file: File): UploadItem {
  return { id: crypto.randomUUID(), file, preview: URL.createObjectURL(file) };
}

export function revokeUploadItems(items: readonly UploadItem[]) {
  for (const item of items) URL.revokeObjectURL(item.preview);
}
