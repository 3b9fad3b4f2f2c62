import type { ImageInfo } from '@rv/contracts/api/designs';
import { imageSrcSet } from '@rv/contracts/images';

/**
 * The <img> attributes of a stored design image: a srcset of its WebP thumbnail (720 px wide) and the full
 * image (the browser picks by `sizes` and the screen's density) and its pixel size as width/height, so
 * the page keeps its layout while the image loads. Without the image's info, just the URL.
 */
export function responsiveImage(url: string, images: Record<string, ImageInfo> | undefined, sizes: string) {
  const info = images?.[url];
  if (!info) return { src: url };
  return {
    src: url,
    srcSet: imageSrcSet(url, info),
    sizes,
    width: info.width,
    height: info.height,
  };
}
