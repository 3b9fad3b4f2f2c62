/**
 * 'Change only here' (ADR 022): what a person painted on a result, as strokes in fractions of the image
 * (so one painting draws at any size): brush lines with their width as a fraction of the image's width,
 * and rectangles drawn from the keyboard. Erasing strokes take paint away.
 */
export type MaskMode = 'paint' | 'erase';
export type MaskStroke =
  { mode: MaskMode; size: number; points: [number, number][] } | { mode: MaskMode; rect: [number, number, number, number] };

/** The tint the painted area shows in on the brush's canvas (drawn opaque, shown through the canvas's opacity). */
export const TINT = '#db2777';
/** Brush sizes, as a percentage of the image's width. */
export const BRUSH_SIZES = { min: 2, max: 20, start: 6 };

/** Where a pointer is on `element` (the canvas), as fractions of its width and height, kept inside it. */
export function pointOn(element: Element, event: { clientX: number; clientY: number }): [number, number] {
  const box = element.getBoundingClientRect();
  return [clamp((event.clientX - box.left) / box.width), clamp((event.clientY - box.top) / box.height)];
}

export const clamp = (value: number) => Math.min(1, Math.max(0, value));

/** Draws the strokes onto a canvas of width x height in one colour (erasing ones clear it). */
export function drawStrokes(ctx: CanvasRenderingContext2D, strokes: readonly MaskStroke[], width: number, height: number, colour: string) {
  ctx.clearRect(0, 0, width, height);
  for (const stroke of strokes) drawStroke(ctx, stroke, width, height, colour);
}

export function drawStroke(ctx: CanvasRenderingContext2D, stroke: MaskStroke, width: number, height: number, colour: string) {
  ctx.save();
  ctx.globalCompositeOperation = stroke.mode === 'erase' ? 'destination-out' : 'source-over';
  ctx.fillStyle = colour;
  ctx.strokeStyle = colour;
  if ('rect' in stroke) {
    const [x0, y0, x1, y1] = stroke.rect;
    ctx.fillRect(Math.min(x0, x1) * width, Math.min(y0, y1) * height, Math.abs(x1 - x0) * width, Math.abs(y1 - y0) * height);
  } else {
    const lineWidth = Math.max(1, stroke.size * width);
    const [first, ...rest] = stroke.points;
    if (first) {
      ctx.beginPath();
      ctx.arc(first[0] * width, first[1] * height, lineWidth / 2, 0, Math.PI * 2);
      ctx.fill();
      if (rest.length) {
        ctx.lineWidth = lineWidth;
        ctx.lineCap = 'round';
        ctx.lineJoin = 'round';
        ctx.beginPath();
        ctx.moveTo(first[0] * width, first[1] * height);
        for (const [x, y] of rest) ctx.lineTo(x * width, y * height);
        ctx.stroke();
      }
    }
  }
  ctx.restore();
}

/**
 * The painted area as the refine upload takes it: a PNG of the image's own size, opaque white where it
 * may change and transparent elsewhere.
 */
export async function maskPng(strokes: readonly MaskStroke[], width: number, height: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw the painted area.');
  drawStrokes(ctx, strokes, width, height, '#ffffff');
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('This browser cannot draw the painted area.'))), 'image/png'),
  );
}

/** What the refine call needs of a painting: the image it was painted on (its id, the refinement's base) and its mask. */
export interface PaintedArea {
  imageId: string;
  mask: () => Promise<Blob>;
}

/** A painting in progress: the image's id and its strokes (plain data, so My Designs can hand it to the results page). */
export interface BrushState {
  imageId: string;
  strokes: MaskStroke[];
}
