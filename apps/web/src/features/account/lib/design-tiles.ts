import { ROOM_TYPES } from '@rv/contracts/constants';
import type { MyDesignRecord } from '../api/get-room-designs';

/** One image of a design as My Designs shows it (spec: url, status, uniqueUrl), with what its tile prints. */
export interface DesignTile {
  key: string;
  design: MyDesignRecord;
  /** The image's index in the record's lists (refined first): the save status and map index. */
  index: number;
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

/** A stored room type as people read it: the list's label, or the custom text with its hyphens undone. */
export function roomTypeLabel(value: string | null | undefined): string | null {
  if (!value) return null;
  const known = ROOM_TYPES.find((type) => type.value === value);
  if (known) return known.label;
  const words = value.replace(/-/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : null;
}

/** Room types are stored lowercase and hyphenated, the custom ones too. */
export const toStoredRoomType = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const isKnownRoomType = (value: string) => ROOM_TYPES.some((type) => type.value === value && type.value !== 'other');

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

/** The spec's download name: the project name, an ISO timestamp and the extension (images download as WebP). */
export function downloadFileName(name: string, now = new Date()): string {
  const base =
    name
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'room-design';
  return `${base}-${now.toISOString().replace(/[:.]/g, '-')}.webp`;
}
