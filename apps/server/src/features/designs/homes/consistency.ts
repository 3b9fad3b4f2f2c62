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
 * The distance between two dominant palettes (issue 49): for each colour of each palette, CIEDE2000 to the
 * nearest colour of the other, weighted by its share of the pixels; the mean of both directions, so a
 * palette missing one of the other's large colours is as far as one adding a colour the other lacks.
 */
export function paletteDistance(
  a: readonly Pick<PaletteEntry, 'hex' | 'share'>[],
  b: readonly Pick<PaletteEntry, 'hex' | 'share'>[],
): number {
  const oneWay = (from: typeof a, to: typeof b) => {
    const total = from.reduce((sum, colour) => sum + colour.share, 0) || 1;
    return (
      from.reduce((sum, colour) => sum + colour.share * Math.min(...to.map((other) => ciede2000(toRgb(colour.hex), toRgb(other.hex)))), 0) /
      total
    );
  };
  if (a.length === 0 || b.length === 0) return 100;
  return (oneWay(a, b) + oneWay(b, a)) / 2;
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
