import sharp from 'sharp';
import { runPixelTask } from '../pixel-threads/pixel-pool';
import type { Frame } from './structure-map';

/**
 * How well a result kept the room's architecture, 0..1.
 *
 * Architecture shows up as edges: wall corners, window and door frames, the ceiling line, the floor
 * line. Colour, light and finishes change the strength of an edge but not where it is; moving a wall,
 * a window or the camera moves the edges. Both images are shrunk to the same small greyscale frame
 * and turned into Sobel edge maps, normalised per image so that an edge is simply there or not (a
 * re-graded room has weaker or stronger edges in the same places), and blurred a little (a pixel or
 * two of drift is resampling, not architecture). Two checks follow, and the score is the lower:
 *
 * - global: the correlation of the two edge maps. A moved camera (perspective, zoom, crop, rotation,
 *   flip, another aspect ratio: the result is stretched to the original's frame) moves every edge.
 * - local: in overlapping patches, the share of the original's edges the result still has. A window
 *   walled up or a door moved leaves a patch whose edges became plain wall. Edges hidden behind a new
 *   object (the result has its own edges there) are partly excused, and losses count less towards the
 *   bottom of the frame, where furniture stands. The two worst patches give the local score.
 *
 * The edge maps (structure-map.ts) are made on a pixel thread (../pixel-threads); the checks on them are quick.
 */

/** Both images are compared at this width (the height follows the original's aspect ratio). */
export const FIDELITY_WIDTH = 256;

/**
 * Scores at or above this kept the architecture. Measured on drawn rooms (architecture-fidelity.test.ts):
 * the same room re-coloured, re-lit, compressed, enlarged, wallpapered, with art, curtains or furniture
 * added scores 0.69-1.00; a moved window or door, a changed perspective, a flip, a crop, a 3-5° rotation
 * or another aspect ratio scores 0.00-0.48.
 */
export const FIDELITY_THRESHOLD = 0.6;

/** Pearson correlation of two equally long arrays (0 when either is flat). */
export function correlation(a: Float32Array, b: Float32Array): number {
  const n = Math.min(a.length, b.length);
  let sa = 0;
  let sb = 0;
  for (let i = 0; i < n; i++) {
    sa += a[i] ?? 0;
    sb += b[i] ?? 0;
  }
  const ma = sa / n;
  const mb = sb / n;
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < n; i++) {
    const da = (a[i] ?? 0) - ma;
    const db = (b[i] ?? 0) - mb;
    cov += da * db;
    va += da * da;
    vb += db * db;
  }
  if (va < 1e-12 || vb < 1e-12) return 0;
  return cov / Math.sqrt(va * vb);
}

/** The comparison frame for an original: FIDELITY_WIDTH wide, its aspect ratio. */
export async function fidelityFrame(original: Buffer): Promise<Frame> {
  const { width, height } = (await sharp(original).metadata()).autoOrient;
  if (!width || !height) throw new Error('The original image has no size');
  return { width: FIDELITY_WIDTH, height: Math.max(16, Math.round((FIDELITY_WIDTH * height) / width)) };
}

/** The local check looks through square patches this share of the frame width, overlapping by half. */
const PATCH_SHARE = 1 / 6;
/**
 * How much lost structure counts at a height in the frame (0 = top, 1 = bottom). Furniture stands in
 * the lower part of a room photo and hides the floor and the foot of the walls; windows, door heads,
 * the ceiling and wall corners live higher up. Full weight down to mid-height, then down to 0.3 at the
 * bottom.
 */
function heightWeight(y: number): number {
  return y <= 0.5 ? 1 : 1 - 1.4 * (y - 0.5);
}
/** How much of a loss is excused where the result shows other structure instead (an object in front). */
const OCCLUSION_EXCUSE = 0.6;
/** A patch whose original holds less than this share of the mean patch's edges has no structure to keep. */
const STRUCTURE_SHARE = 0.35;

/** The share of a patch's original edges that the result still has at the same places (losses behind new objects partly excused). */
function kept(
  original: Float32Array,
  result: Float32Array,
  frame: Frame,
  x0: number,
  y0: number,
  size: number,
): { kept: number; mass: number } {
  let total = 0;
  let common = 0;
  let own = 0;
  for (let y = y0; y < Math.min(frame.height, y0 + size); y++) {
    for (let x = x0; x < Math.min(frame.width, x0 + size); x++) {
      const a = original[y * frame.width + x] ?? 0;
      const b = result[y * frame.width + x] ?? 0;
      total += a;
      own += b;
      common += Math.min(a, b);
    }
  }
  if (total <= 1e-9) return { kept: 1, mass: 0 };
  const share = common / total;
  // Structure hidden behind a new object (the result has its own edges there) is partly excused;
  // structure that became a plain surface (a window walled up, a door removed) is not.
  const replaced = Math.min(1, own / total);
  return { kept: share + (1 - share) * OCCLUSION_EXCUSE * replaced, mass: total };
}

export interface FidelityParts {
  global: number;
  local: number;
  /** The score of each patch with structure, row by row. */
  patches: number[];
}

/** For each overlapping patch with structure: how much of it the result kept, weighted by height. */
function patchScores(a: Float32Array, b: Float32Array, frame: Frame): number[] {
  const size = Math.max(8, Math.round(frame.width * PATCH_SHARE));
  const step = Math.max(4, Math.floor(size / 2));
  const found: { score: number; mass: number }[] = [];
  for (let y0 = 0; y0 + size <= frame.height + step / 2; y0 += step) {
    for (let x0 = 0; x0 + size <= frame.width + step / 2; x0 += step) {
      const { kept: share, mass } = kept(a, b, frame, x0, y0, size);
      const weight = heightWeight(Math.min(1, (y0 + size / 2) / frame.height));
      found.push({ score: 1 - weight * (1 - share), mass });
    }
  }
  const meanMass = found.reduce((sum, p) => sum + p.mass, 0) / Math.max(1, found.length);
  return found.filter((p) => p.mass >= STRUCTURE_SHARE * meanMass).map((p) => p.score);
}

/** The original's frame and structure map, kept while the caller holds the original's buffer (one original, several results). */
const originals = new WeakMap<Buffer, Promise<{ frame: Frame; map: Float32Array }>>();

function originalStructure(original: Buffer): Promise<{ frame: Frame; map: Float32Array }> {
  let found = originals.get(original);
  if (!found) {
    found = fidelityFrame(original).then(async (frame) => ({ frame, map: await runPixelTask('structureMap', [original, frame]) }));
    originals.set(original, found);
    found.catch(() => originals.delete(original));
  }
  return found;
}

/** The two checks behind the score, for tests and diagnostics. */
export async function fidelityParts(original: Buffer, result: Buffer): Promise<FidelityParts> {
  const { frame, map: a } = await originalStructure(original);
  const b = await runPixelTask('structureMap', [result, frame]);
  const global = Math.max(0, correlation(a, b));
  const patches = patchScores(a, b, frame);
  const worst = [...patches].sort((x, y) => x - y).slice(0, 2);
  const local = worst.length ? worst.reduce((sum, t) => sum + t, 0) / worst.length : global;
  return { global, local, patches };
}

/** 0..1: how well the result kept the original's architecture. Compare with FIDELITY_THRESHOLD. */
export async function scoreArchitectureFidelity(original: Buffer, result: Buffer): Promise<number> {
  const { global, local } = await fidelityParts(original, result);
  return Math.max(0, Math.min(1, Math.min(global, local)));
}
