import type { ViewPicture } from '@rv/contracts/api/design-view';

/**
 * The <img> attributes of a stored design picture: its srcset (its WebP thumbnail, 720 px wide, and the
 * full image; the browser picks by `sizes` and the screen's density) and its pixel size as width/height,
 * so the page keeps its layout while the image loads.
 */
export function responsiveImage(picture: ViewPicture, sizes: string) {
  return {
    src: picture.url,
    ...(picture.srcset ? { srcSet: picture.srcset, sizes } : {}),
    width: picture.width,
    height: picture.height,
  };
}
