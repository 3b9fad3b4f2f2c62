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

/** How wide the results page shows the original photo (its `sizes`), for the page and its preload alike. */
export const ORIGINAL_PHOTO_SIZES = '(min-width: 704px) 672px, calc(100vw - 2rem)';
