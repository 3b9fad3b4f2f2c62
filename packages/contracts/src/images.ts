/**
 * How a stored image is offered to the browser, shared by the web app (its <img> tags) and the server
 * (the preloads in a page's HTML), so both name the same files. Only types come from the zod schemas:
 * the web app's pages import this without loading zod.
 */
import type { ImageInfo } from './api/designs';

/** The srcset of a stored image: its thumbnail and the full image (none when the thumbnail is the full size). */
export function imageSrcSet(url: string, info: ImageInfo): string | undefined {
  return info.thumbnailWidth < info.width ? `${info.thumbnailUrl} ${info.thumbnailWidth}w, ${url} ${info.width}w` : undefined;
}

/**
 * How wide the results page shows a result image (its `sizes`: the content column, max-w-5xl less its padding),
 * for the page and its preload of the design it shows first alike.
 */
export const RESULT_IMAGE_SIZES = '(min-width: 1024px) 992px, calc(100vw - 2rem)';

/** The image id that names a design's room photo in a download's path (GET /api/designs/{id}/images/{imageId}/download). */
export const ORIGINAL_PHOTO_ID = 'original';

/** The formats a result downloads in, at the full size it was made (a room photo downloads as it was given). */
export const DOWNLOAD_FORMATS = ['jpg', 'png', 'webp'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

/** How wide the results page shows the original photo (its `sizes`), under the design. */
export const ORIGINAL_PHOTO_SIZES = '(min-width: 704px) 672px, calc(100vw - 2rem)';
