import type { BrushState } from './mask-strokes';

/**
 * 'Refine this area' in My Designs' zoom preview hands its painting over to the design's results page
 * (ADR 022), which opens the brush on that image with the strokes. The painting waits here, named by its
 * design, until that page has taken it: one at a time, in this browser tab only (a reload, or the server
 * rendering the page, finds none).
 */
let waiting: { designId: string; brush: BrushState } | null = null;

/** Keeps the painting for the results page of designId (a newer hand-over replaces an older one). */
export function handOverPainting(designId: string, brush: BrushState): void {
  waiting = { designId, brush };
}

/** The painting handed over to designId's results page, if any; reading it leaves it in place (a render may run twice). */
export function paintingHandedOverTo(designId: string): BrushState | null {
  return waiting?.designId === designId ? waiting.brush : null;
}

/** The results page of designId has taken its painting: a later visit opens no brush. Another design's painting stays. */
export function forgetPaintingHandedOverTo(designId: string): void {
  if (waiting?.designId === designId) waiting = null;
}
