/**
 * How many photos each drop zone takes. Furniture items and finishes follow the request schemas'
 * maxima (furnitureData ≤ 10, finishesData ≤ 12 in @rv/contracts/api/creation).
 */
export const UPLOAD_LIMITS = {
  furniturePhotos: 10,
  conceptPhotos: 5,
  finishesFixtures: 12,
  inspirationPhotos: 5,
} as const;

/** Moves the focus once React has shown the element (a form coming back, a section opening). */
export function focusSoon(id: string) {
  window.setTimeout(() => document.getElementById(id)?.focus(), 0);
}
