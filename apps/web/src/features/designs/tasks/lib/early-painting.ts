import { BRUSH_SIZES, drawStroke, pointOn, TINT, type MaskStroke } from './mask-strokes';

/**
 * Painting before React runs the page (ADR 050). 'Change only here' opens its brush at the press, before
 * React has taken over the results page (its panel is a disclosure: lib/press/early-press.ts); from the page's
 * first script on, that brush paints too:
 * - a stroke made with a finger, pen or mouse on the open brush's canvas is drawn there at once, as the
 *   brush draws it (at its starting size, painting), and kept by the brush's panel;
 * - the painting area's keys (the arrows moving the cross, Enter marking a rectangle's corners, Escape)
 *   are kept in the order pressed and given to the painting area once React runs the page.
 * Once React runs the page, the panel's disclosure (left open) is pressed again for React to open the
 * brush (early-press), and the page opens it with the strokes kept here (takeEarlyPainting); then, at the
 * hand-over this answers (early-press's, once its presses are carried out), the keys kept are pressed, one
 * task each, as the person pressed them. A stroke begun before React runs the
 * page is finished here. `html[data-paints-early]` says this has started: the brush's note that it is
 * getting ready then goes (index.css).
 */

export const EARLY_PAINTING_MARK = 'data-paints-early';
/** The painting area's own keys (useMaskBrush). */
const BRUSH_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Enter', 'Escape']);

/** Strokes painted before React ran, by the id of their brush's panel. */
const painted = new Map<string, MaskStroke[]>();

/** The canvas of an open brush that React does not run yet, when `target` is one. */
function earlyCanvas(target: EventTarget | null): HTMLCanvasElement | null {
  return target instanceof HTMLCanvasElement && target.matches('[data-needs-script]') ? target : null;
}

/** The id of the brush panel `element` is in (BrushPanel: `[data-in-place-of-photo]`). */
const panelOf = (element: Element) => element.closest('[data-in-place-of-photo]')?.id ?? '';

/**
 * Starts painting before React runs the page; `hydrated` says when React runs it (`#root[data-hydrated]`).
 * Answers the hand-over, to call once React runs the page and has opened the brushes left open.
 */
export function paintBeforeReact(hydrated: () => boolean): () => void {
  let drawing: { canvas: HTMLCanvasElement; pointerId: number; stroke: Extract<MaskStroke, { points: unknown }> } | null = null;
  const keys: { area: HTMLElement; key: string; shiftKey: boolean }[] = [];

  const draw = (canvas: HTMLCanvasElement, stroke: MaskStroke) => {
    const ctx = canvas.getContext('2d');
    if (ctx) drawStroke(ctx, stroke, canvas.width, canvas.height, TINT);
  };

  const onPointerDown = (event: PointerEvent) => {
    const canvas = earlyCanvas(event.target);
    if (!canvas || hydrated() || event.button !== 0 || drawing) return;
    // The stroke is this script's to the end, even when React takes over the page meanwhile.
    event.preventDefault();
    event.stopImmediatePropagation();
    canvas.setPointerCapture?.(event.pointerId);
    const stroke = { mode: 'paint' as const, size: BRUSH_SIZES.start / 100, points: [pointOn(canvas, event)] };
    drawing = { canvas, pointerId: event.pointerId, stroke };
    draw(canvas, stroke);
  };
  const onPointerMove = (event: PointerEvent) => {
    if (!drawing || drawing.pointerId !== event.pointerId) return;
    event.stopImmediatePropagation();
    const previous = drawing.stroke.points.at(-1)!;
    const next = pointOn(drawing.canvas, event);
    drawing.stroke.points.push(next);
    draw(drawing.canvas, { ...drawing.stroke, points: [previous, next] });
  };
  const onPointerEnd = (event: PointerEvent) => {
    if (!drawing || drawing.pointerId !== event.pointerId) return;
    event.stopImmediatePropagation();
    const panel = panelOf(drawing.canvas);
    painted.set(panel, [...(painted.get(panel) ?? []), drawing.stroke]);
    drawing = null;
    if (hydrated()) stopPointers();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const area = event.target instanceof HTMLElement && event.target.matches('[role="application"]') ? event.target : null;
    if (!area || hydrated() || !BRUSH_KEYS.has(event.key) || !area.querySelector('[data-needs-script]')) return;
    // The keys are the painting area's: not a scroll of the page, nor a step of the slider it is in.
    event.preventDefault();
    event.stopImmediatePropagation();
    keys.push({ area, key: event.key, shiftKey: event.shiftKey });
  };

  const pointerListeners = new AbortController();
  const stopPointers = () => pointerListeners.abort();
  const listening = { capture: true, signal: pointerListeners.signal };
  document.addEventListener('pointerdown', onPointerDown, listening);
  document.addEventListener('pointermove', onPointerMove, listening);
  document.addEventListener('pointerup', onPointerEnd, listening);
  document.addEventListener('pointercancel', onPointerEnd, listening);
  document.addEventListener('keydown', onKeyDown, true);
  document.documentElement.setAttribute(EARLY_PAINTING_MARK, '');

  // Once React runs the page and has opened the brush (its disclosure, handed over by lib/press/early-press.ts):
  // the keys go to the painting area, one task each, so that each one finds what the one before changed.
  return () => {
    document.removeEventListener('keydown', onKeyDown, true);
    if (!drawing) stopPointers();
    void pressKeys(keys);
  };
}

async function pressKeys(keys: { area: HTMLElement; key: string; shiftKey: boolean }[]) {
  for (const { area, key, shiftKey } of keys) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    area.dispatchEvent(new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, cancelable: true }));
  }
}

/** The strokes painted before React ran on the brush of panel `panelId` (none once taken: the brush now has them). */
export function takeEarlyPainting(panelId: string): MaskStroke[] {
  const strokes = painted.get(panelId) ?? [];
  painted.delete(panelId);
  return strokes;
}
