import { ROOM_TYPES } from '@rv/contracts/constants';

/**
 * The one rule for a room type: a listed one is stored by its value ('living-room'), a custom one
 * ('Other') lowercase and hyphenated ('wine-cellar'), and both are read back through `roomTypeLabel`.
 */
export const toStoredRoomType = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const isKnownRoomType = (value: string) => ROOM_TYPES.some((type) => type.value === value && type.value !== 'other');

/** A stored room type as people read it: the list's label, or the custom text with its hyphens undone. */
export function roomTypeLabel(value: string | null | undefined): string | null {
  if (!value) return null;
  const known = ROOM_TYPES.find((type) => type.value === value);
  if (known) return known.label;
  const words = value.replace(/-/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : null;
}
