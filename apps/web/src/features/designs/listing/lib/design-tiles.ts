import type { DesignView, ViewImage } from '@rv/contracts/api/design-view';
import { roomTypeLabel } from '@/features/designs/images/lib/room-types';

/** One result image of a design as My Designs shows it (spec: url, status, uniqueUrl), with what its tile prints. */
export interface DesignTile {
  key: string;
  design: DesignView;
  /** The image, addressed by its id to save, rename, delete, download or share it. */
  image: ViewImage;
  /** 'image N' in labels, for people telling a design's images apart (never used to address one). */
  ordinal: number;
  url: string;
  thumbUrl: string;
  saved: boolean;
  /** The design's results page. */
  uniqueUrl: string | null;
  name: string;
  roomType: string | null;
  createdAt: string;
}

export const UNTITLED = 'Untitled design';

/**
 * Every result image of the designs as tiles, newest design first, each design's images in the view's
 * order; savedOnly keeps the saved ones (My Designs). Each tile's name, room type and saved state are its own image's.
 */
export function designTiles(designs: readonly DesignView[], options: { savedOnly: boolean }): DesignTile[] {
  return designs.flatMap((design) =>
    design.images
      .map((image, order) => ({ image, ordinal: order + 1 }))
      .filter(({ image }) => image.saved || !options.savedOnly)
      .map(({ image, ordinal }) => ({
        key: `${design.id}:${image.id}`,
        design,
        image,
        ordinal,
        url: image.url,
        thumbUrl: image.thumbnailUrl || image.url,
        saved: image.saved,
        uniqueUrl: design.pagePath || null,
        name: image.name || UNTITLED,
        roomType: roomTypeLabel(image.roomType),
        createdAt: design.createdAt,
      })),
  );
}
