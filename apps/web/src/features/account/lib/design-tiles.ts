import type { DesignImage } from '@rv/contracts/api/designs';
import { designImageAt } from '@/lib/designs/design-image-at';
import { roomTypeLabel } from '@/lib/designs/room-types';
import type { MyDesignRecord } from '../api/get-room-designs';

/** One image of a design as My Designs shows it (spec: url, status, uniqueUrl), with what its tile prints. */
export interface DesignTile {
  key: string;
  design: MyDesignRecord;
  /** The image's index in the record's lists (refined first): the save status and map index. */
  index: number;
  /** The image's row, addressed by its id to save, rename or delete it. */
  image: DesignImage | undefined;
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

/** Every image of the records as tiles, newest design first; savedOnly keeps the saved ones (My Designs). */
export function designTiles(records: readonly MyDesignRecord[], options: { savedOnly: boolean }): DesignTile[] {
  return records.flatMap((design) =>
    design.refinedImageStorageUrls.flatMap((url, index) => {
      const saved = design.refinedSaveStatusList[index] ?? false;
      if (options.savedOnly && !saved) return [];
      const key = String(index);
      return [
        {
          key: `${design.id}:${index}`,
          design,
          index,
          image: designImageAt(design, index),
          url,
          thumbUrl: design.thumbnailUrls?.[index] ?? url,
          saved,
          uniqueUrl: design.fdDetailUrl ?? design.kbDetailUrl ?? null,
          name: design.projectNameMap[key] || (index === 0 ? design.projectName : null) || UNTITLED,
          roomType: roomTypeLabel(design.roomTypeMap[key] ?? (index === 0 ? design.roomType : null)),
          createdAt: design.createdAt,
        },
      ];
    }),
  );
}
