import { differenceCiede2000, type Rgb } from 'culori';
import type { Consistency, Look } from '@rv/contracts/api/look';
import type { PaletteEntry } from '../../../engines/local/measure-image';
import { runPixelTask } from '../../../engines/pixel-threads/pixel-pool';

/**
 * The palette distance (below) under which a room matches its look closely, and under which it is still somewhat
 * like it, set from rooms a person would judge (`consistency.test.ts`, ADR 065): the same room in other shades or
 * with other small accents is 0.8-3.4 (close); one main surface in another colour (tan, light grey, sage or grey
 * walls) 5.6-8.9 and neutral rooms of other lightness (grey walls on a charcoal floor, white walls on a black
 * floor, an all-white room) 13.9-15.8 (somewhat like); walls of a strong other colour (terracotta, forest green,
 * red, dark blue) 18.4-40.8 (differs).
 */
export const CLOSE_DISTANCE = 5;
export const NEAR_DISTANCE = 17;
/** The share of the look's named pieces found again under which a close palette still only counts as near. */
const PIECES_NEEDED = 0.5;

const ciede2000 = differenceCiede2000();
const toRgb = (hex: string): Rgb => {
  const n = Number.parseInt(hex.slice(1), 16);
  return { mode: 'rgb', r: ((n >> 16) & 255) / 255, g: ((n >> 8) & 255) / 255, b: (n & 255) / 255 };
};

/** A share left to move smaller than this is rounding, not colour. */
const EPSILON = 1e-9;

/**
 * The least cost of moving the shares `supply` onto the shares `demand` (both summing to 1), where a unit moved
 * from i to j costs `cost[i][j]`: the transportation problem, solved exactly by successive shortest paths. Each
 * round moves as much as it can along the cheapest path from a colour with share left to one with room left,
 * in the residual graph (where undoing a move has a negative cost, so the path is found by Bellman-Ford). A
 * palette has a handful of colours, so the graph is tiny; each round empties a supply, fills a demand or undoes
 * a whole move.
 */
export function transportCost(supply: readonly number[], demand: readonly number[], cost: readonly (readonly number[])[]): number {
  const m = supply.length;
  const n = demand.length;
  const left = [...supply];
  const right = [...demand];
  const flow = supply.map(() => demand.map(() => 0));
  // Nodes 0..m-1 are the supplies, m..m+n-1 the demands; `from` is the node a cheapest path came from (-1: it starts there).
  for (let round = 0; round < 4 * (m + n) * m * n; round++) {
    if (left.every((share) => share <= EPSILON) || right.every((share) => share <= EPSILON)) break;
    const reach = left.map((share) => (share > EPSILON ? 0 : Number.POSITIVE_INFINITY)).concat(right.map(() => Number.POSITIVE_INFINITY));
    const from = new Array<number>(m + n).fill(-1);
    for (let pass = 0; pass < m + n; pass++) {
      let changed = false;
      for (let i = 0; i < m; i++)
        for (let j = 0; j < n; j++) {
          const c = cost[i]![j]!;
          if (reach[i]! + c < reach[m + j]! - EPSILON) {
            reach[m + j] = reach[i]! + c;
            from[m + j] = i;
            changed = true;
          }
          // Undoing a move from i to j: back from j to i, at minus its cost.
          if (flow[i]![j]! > EPSILON && reach[m + j]! - c < reach[i]! - EPSILON) {
            reach[i] = reach[m + j]! - c;
            from[i] = m + j;
            changed = true;
          }
        }
      if (!changed) break;
    }
    let end = -1;
    for (let j = 0; j < n; j++) if (right[j]! > EPSILON && reach[m + j]! < (end < 0 ? Number.POSITIVE_INFINITY : reach[m + end]!)) end = j;
    if (end < 0) break;
    // The path back from the demand: a supply moved forward into each demand node, a demand's move undone into each supply node.
    const forward: [number, number][] = [];
    const undone: [number, number][] = [];
    let node = m + end;
    while (from[node]! >= 0) {
      const previous = from[node]!;
      if (node >= m) forward.push([previous, node - m]);
      else undone.push([node, previous - m]);
      node = previous;
    }
    const bottleneck = Math.min(right[end]!, left[node]!, ...undone.map(([i, j]) => flow[i]![j]!));
    for (const [i, j] of forward) flow[i]![j] = flow[i]![j]! + bottleneck;
    for (const [i, j] of undone) flow[i]![j] = flow[i]![j]! - bottleneck;
    left[node] = left[node]! - bottleneck;
    right[end] = right[end]! - bottleneck;
  }
  return flow.reduce((sum, row, i) => sum + row.reduce((part, moved, j) => part + moved * cost[i]![j]!, 0), 0);
}

/**
 * The distance between two dominant palettes (issue 49): the least colour difference (CIEDE2000) it takes to
 * turn one palette into the other, each colour moved by its share of the pixels (the earth mover's distance,
 * exact). A large colour must be matched by as large a share of the other palette, so grey walls never pass as
 * a beige room's because the beige room has a small grey corner.
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
  const cost = a.map((from) => b.map((to) => ciede2000(toRgb(from.hex), toRgb(to.hex))));
  return transportCost(shares(a), shares(b), cost);
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
