import type { DesignImage } from '@rv/contracts/api/designs';
import { roomTypeLabel } from '@/features/designs/images/lib/room-types';
import type { MyDesignRecord } from '../api/get-room-designs';

/** One result image of a design as My Designs shows it (spec: url, status, uniqueUrl), with what its tile prints. */
export interface DesignTile {
  key: string;
  design: MyDesignRecord;
  /** The image's place in the design's result list (refined first), as the page numbers it for people. */
  index: number;
  /** The image's row, addressed by its id to save, rename or delete it. */
  image: DesignImage;
  url: string;
  thumbUrl: string;
  saved: boolean;
  /** The design's results page, or null for an older design without one. */
  uniqueUrl: string | null;
  name: string;
  roomType: string | null;
  createdAt: string;
}

export const UNTITLED = 'Untitled design';

/** The design's result images (every row but the original upload), in the order the design lists them. */
const resultImages = (design: MyDesignRecord) =>
  design.designImages
    .filter((image): image is DesignImage & { position: number } => image.position !== null)
    .sort((a, b) => a.position - b.position);

/**
 * Every result image of the records as tiles, newest design first; savedOnly keeps the saved ones (My
 * Designs). Each tile's name, room type and saved state are its own row's, whatever its position.
 */
export function designTiles(records: readonly MyDesignRecord[], options: { savedOnly: boolean }): DesignTile[] {
  return records.flatMap((design) =>
    resultImages(design)
      .filter((image) => image.saved || !options.savedOnly)
      .map((image) => ({
        key: `${design.id}:${image.id}`,
        design,
        index: image.position,
        image,
        url: image.url,
        thumbUrl: image.thumbnailUrl || image.url,
        saved: image.saved,
        uniqueUrl: design.fdDetailUrl ?? design.kbDetailUrl ?? null,
        name: image.name || UNTITLED,
        roomType: roomTypeLabel(image.roomType),
        createdAt: design.createdAt,
      })),
  );
}
