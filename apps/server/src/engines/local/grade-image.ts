import type { Rgb } from './colour-names';
import type { Grade } from './style-words';

/**
 * Colour grading that never moves a pixel: every change is a per-pixel function of the pixel's own
 * colour, monotonic in its brightness, so every edge of the room stays where it is.
 *
 * Work happens in YCbCr (BT.601, full range, 0..1): luma for light and contrast, chroma for warmth,
 * saturation and the palette tint.
 */

export interface Tint {
  /** The colour the photo moves towards. */
  rgb: Rgb;
  /** 0..1: how far the chroma moves towards the colour's chroma (luma moves a third as far). */
  strength: number;
}

function toYcc(r: number, g: number, b: number): [number, number, number] {
  return [0.299 * r + 0.587 * g + 0.114 * b, -0.168736 * r - 0.331264 * g + 0.5 * b, 0.5 * r - 0.418688 * g - 0.081312 * b];
}

const clamp255 = (v: number) => (v <= 0 ? 0 : v >= 1 ? 255 : Math.round(v * 255));

/**
 * Grades raw RGB(A) pixels into a new buffer of the same layout (alpha untouched). Highlights
 * (a window, a lamp) and deep shadows take less of the tint than mid-tones, as paint would.
 */
export function gradePixels(pixels: Buffer, channels: number, grade: Grade, tints: readonly Tint[] = []): Buffer {
  const out = Buffer.from(pixels);
  const targets = tints.map((t) => {
    const [y, cb, cr] = toYcc(t.rgb[0] / 255, t.rgb[1] / 255, t.rgb[2] / 255);
    return { y, cb, cr, strength: Math.max(0, Math.min(1, t.strength)) };
  });
  const contrast = 1 + grade.contrast;
  const saturation = Math.max(0, 1 + grade.saturation);
  for (let i = 0; i + 2 < pixels.length; i += channels) {
    let [y, cb, cr] = toYcc((pixels[i] ?? 0) / 255, (pixels[i + 1] ?? 0) / 255, (pixels[i + 2] ?? 0) / 255);
    const midtone = 0.35 + 0.65 * Math.max(0, Math.min(1, 4 * y * (1 - y)));
    for (const t of targets) {
      const s = t.strength * midtone;
      cb += s * (t.cb - cb);
      cr += s * (t.cr - cr);
      y += (s / 3) * (t.y - y);
    }
    y = (y - 0.5) * contrast + 0.5 + grade.light;
    cb = cb * saturation - grade.warmth;
    cr = cr * saturation + grade.warmth * 0.8;
    out[i] = clamp255(y + 1.402 * cr);
    out[i + 1] = clamp255(y - 0.344136 * cb - 0.714136 * cr);
    out[i + 2] = clamp255(y + 1.772 * cb);
  }
  return out;
}

/**
 * Where the window is, as a share of the width: the brightest band of columns between 25 % and 60 %
 * of the height (above furniture, below most ceilings). Undefined when nothing stands out.
 */
export function findWindowX(pixels: Buffer, width: number, height: number, channels: number): number | undefined {
  const top = Math.floor(height * 0.25);
  const bottom = Math.max(top + 1, Math.floor(height * 0.6));
  const columns = new Float64Array(width);
  for (let y = top; y < bottom; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      columns[x] = (columns[x] ?? 0) + (0.299 * (pixels[i] ?? 0) + 0.587 * (pixels[i + 1] ?? 0) + 0.114 * (pixels[i + 2] ?? 0)) / 255;
    }
  }
  const rows = bottom - top;
  const radius = Math.max(1, Math.round(width * 0.04));
  const smooth = Array.from({ length: width }, (_, x) => {
    let sum = 0;
    let count = 0;
    for (let k = Math.max(0, x - radius); k <= Math.min(width - 1, x + radius); k++) {
      sum += (columns[k] ?? 0) / rows;
      count++;
    }
    return sum / count;
  });
  const sorted = [...smooth].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  let best = 0;
  smooth.forEach((v, x) => {
    if (v > (smooth[best] ?? 0)) best = x;
  });
  return (smooth[best] ?? 0) - median > 0.04 ? (best + 0.5) / width : undefined;
}

/** How far a part named with a colour moves to it: its chroma, and its light (its own shading kept). */
const PAINT_CHROMA = 0.92;
const PAINT_LIGHT = 0.8;

/**
 * Paints a part of an image (issue 51): the pixels `weights` covers (one byte a pixel, 0..255: a surface's
 * mask, or a cut-out's alpha) move to `colour`, as paint or a new fabric would: their chroma towards the
 * colour's, their light towards the colour's in proportion to how light each is against the part's mean, so
 * its shading, texture and edges stay where they were; `strength` (0..1) scales the move. In place; pixels outside the weights are not touched.
 */
export function paintPart(pixels: Buffer, channels: number, weights: Uint8Array, colour: Rgb, strength = 1): void {
  const [ty, tcb, tcr] = toYcc(colour[0] / 255, colour[1] / 255, colour[2] / 255);
  let sum = 0;
  let total = 0;
  for (let p = 0; p < weights.length; p++) {
    const w = (weights[p] ?? 0) / 255;
    if (w <= 0) continue;
    const i = p * channels;
    sum += w * toYcc((pixels[i] ?? 0) / 255, (pixels[i + 1] ?? 0) / 255, (pixels[i + 2] ?? 0) / 255)[0];
    total += w;
  }
  if (total === 0) return;
  const meanY = Math.max(0.02, sum / total);
  for (let p = 0; p < weights.length; p++) {
    const w = (strength * (weights[p] ?? 0)) / 255;
    if (w <= 0) continue;
    const i = p * channels;
    let [y, cb, cr] = toYcc((pixels[i] ?? 0) / 255, (pixels[i + 1] ?? 0) / 255, (pixels[i + 2] ?? 0) / 255);
    const shaded = Math.min(1, ty * Math.min(2.5, y / meanY));
    y += w * PAINT_LIGHT * (shaded - y);
    cb += w * PAINT_CHROMA * (tcb - cb);
    cr += w * PAINT_CHROMA * (tcr - cr);
    pixels[i] = clamp255(y + 1.402 * cr);
    pixels[i + 1] = clamp255(y - 0.344136 * cb - 0.714136 * cr);
    pixels[i + 2] = clamp255(y + 1.772 * cb);
  }
}
