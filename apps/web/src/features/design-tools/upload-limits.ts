import { DESIGN_UPLOAD_LIMITS } from '@rv/contracts/constants';

/** How many photos each drop zone takes: the contracts' limits, which the server checks too. */
export const UPLOAD_LIMITS = {
  furniturePhotos: DESIGN_UPLOAD_LIMITS.furniturePhotos,
  conceptPhotos: DESIGN_UPLOAD_LIMITS.conceptPhotos,
  finishesFixtures: DESIGN_UPLOAD_LIMITS.finishesFixtures,
  inspirationPhotos: DESIGN_UPLOAD_LIMITS.inspirationPhotos,
} as const;

/** Moves the focus once React has shown the element (a form coming back, a section opening). */
export function focusSoon(id: string) {
  window.setTimeout(() => document.getElementById(id)?.focus(), 0);
}
