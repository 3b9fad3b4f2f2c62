import { differenceCiede2000, type Rgb } from 'culori';
import type { Consistency, Look } from '@rv/contracts/api/look';
import type { PaletteEntry } from '../../../engines/local/measure-image';
import { runPixelTask } from '../../../engines/pixel-threads/pixel-pool';

/** CIEDE2000 between the dominant palettes under which a room matches its look closely, and under which it is near. */
export const CLOSE_DISTANCE = 10;
export const NEAR_DISTANCE = 20;
/** The share of the look's named pieces found again under which a close palette still only counts as near. */
const PIECES_NEEDED = 0.5;

const ciede2000 = differenceCiede2000();
const toRgb = (hex: string): Rgb => {
  const n = Number.parseInt(hex.slice(1), 16);
  return { mode: 'rgb', r: ((n >> 16) & 255) / 255, g: ((n >> 8) & 255) / 255, b: (n & 255) / 255 };
};

/**
 * The distance between two dominant palettes (issue 49): the least colour difference (CIEDE2000) it takes
 * to turn one palette into the other, each colour moved by its share of the pixels (an earth mover's
 * distance, its transport found greedily: the nearest pairs first, which on five colours a side is as good
 * as exact for a figure shown in words). A large colour must be matched by as large a share of the other
 * palette, so grey walls never pass as a beige room's because the beige room has a small grey corner.
 */
export function paletteDistance(
  a: readonly Pick<PaletteEntry, 'hex' | 'share'>[],
  b: readonly Pick<PaletteEntry, 'hex' | 'share'>[],
): number {
  if (a.length === 0 || b.length === 0) return 100;
  const shares = (palette: typeof a) => {
    const total = palette.reduce((sum, colour) => sum + colour.share, 0) || 1;
    return palette.map((colour) => colour.share / total);
  };
  const left = shares(a);
  const right = shares(b);
  const pairs = a
    .flatMap((from, i) => b.map((to, j) => ({ i, j, difference: ciede2000(toRgb(from.hex), toRgb(to.hex)) })))
    .sort((x, y) => x.difference - y.difference);
  let distance = 0;
  for (const { i, j, difference } of pairs) {
    const moved = Math.min(left[i]!, right[j]!);
    if (moved <= 0) continue;
    distance += moved * difference;
    left[i] = left[i]! - moved;
    right[j] = right[j]! - moved;
  }
  return distance;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .split(/\s+/)
    .filter((word) => word.length > 2);

/** A named piece is found again when an item the analysis lists in the result shares its words (the piece's last word, its kind, at least). */
export function pieceFound(piece: string, itemNames: readonly string[]): boolean {
  const wanted = words(piece);
  const kind = wanted.at(-1);
  if (!kind) return false;
  return itemNames.some((name) => words(name).includes(kind));
}

/** The consistency figure of a result against its look, and its words ("Matches your living room closely"). */
export function consistencyOf(input: {
  look: Pick<Look, 'roomWords' | 'pieces'>;
  sourcePalette: readonly Pick<PaletteEntry, 'hex' | 'share'>[];
  resultPalette: readonly Pick<PaletteEntry, 'hex' | 'share'>[];
  resultItems: readonly string[];
  lookAsWordsOnly?: number | undefined;
}): Consistency {
  const distance = Math.round(paletteDistance(input.sourcePalette, input.resultPalette) * 10) / 10;
  const piecesTotal = input.look.pieces.length;
  const piecesFound = input.look.pieces.filter((piece) => pieceFound(piece.name, input.resultItems)).length;
  const piecesOk = piecesTotal === 0 || piecesFound / piecesTotal >= PIECES_NEEDED;
  const level = distance < CLOSE_DISTANCE && piecesOk ? 'close' : distance < NEAR_DISTANCE ? 'near' : 'far';
  const room = `your ${input.look.roomWords}`;
  const text = level === 'close' ? `Matches ${room} closely` : level === 'near' ? `Somewhat like ${room}` : `Differs from ${room}`;
  return {
    paletteDistance: distance,
    piecesFound,
    piecesTotal,
    level,
    words: text,
    lookAsWordsOnly: input.lookAsWordsOnly ?? null,
  };
}

/** The consistency of one stored result against its look: the result's palette measured on a pixel thread (5 colours, as the look's). */
export async function measureConsistency(
  result: Buffer,
  input: { look: Pick<Look, 'roomWords' | 'pieces' | 'palette'>; resultItems: readonly string[]; lookAsWordsOnly?: number | undefined },
): Promise<Consistency> {
  const measures = await runPixelTask('measureImage', [result, { colours: 5 }]);
  return consistencyOf({ ...input, sourcePalette: input.look.palette, resultPalette: measures.palette });
}
