/**
 * Where the local engine puts an item in the room photo, from the words of its placement, and how big
 * it is, from the words of its description. Positions are fractions of the photo (x from the left, y
 * from the top); `y` is where the item's base stands (floor), or its centre (wall), or its top
 * (ceiling).
 *
 * | placement words                                   | position                                   |
 * |---------------------------------------------------|--------------------------------------------|
 * | left / right                                      | x 0.22 / 0.78, on the floor                |
 * | left / right of the window                        | beside the window (0.2 of the width away)  |
 * | centre, center, middle, between                   | x 0.5                                      |
 * | corner (left corner, right corner)                | x 0.1 or 0.9 (right when not said)         |
 * | window (by, under, in front of the window)        | under the brightest part of the upper wall |
 * | wall, above, hang(ing) on, mounted                | on the wall: centre at y 0.4               |
 * | ceiling, pendant, hanging from                    | from the ceiling: top at y 0.03            |
 * | floor, rug, underfoot                             | flat on the floor, low and wide            |
 * | front, foreground                                 | y 0.97, 15 % bigger                        |
 * | back, far, background, back wall, against the wall| y 0.74, 25 % smaller                       |
 * | door, entrance                                    | x 0.85                                     |
 * | (nothing understood)                              | spread along the lower third, in order    |
 */

export type Mount = 'floor' | 'wall' | 'ceiling';

export interface Placement {
  x: number;
  y: number;
  mount: Mount;
  /** Multiplies the item's size. */
  scale: number;
  /** True when the placement words said where; false for the default spread. */
  understood: boolean;
}

/** The floor line of the default spread along the lower third. */
const DEFAULT_FLOOR_Y = 0.92;

const has = (text: string, pattern: RegExp) => pattern.test(text);

/**
 * A placement from words. `windowX` is where the room's window is (from the photo), used for "by
 * the window"; `spread` is this item's slot in the default spread, 0..1; `naturalMount` is where
 * the item goes by its nature (a rug lies on the floor, art hangs on a wall).
 */
export function placementFromWords(words: string, options: { windowX?: number; spread: number; naturalMount?: Mount }): Placement {
  const text = words.toLowerCase();
  let x: number | undefined;
  let y: number | undefined;
  let mount: Mount = options.naturalMount ?? 'floor';
  let scale = 1;

  if (has(text, /\b(ceiling|pendant|hanging from|chandelier)\b/)) mount = 'ceiling';
  else if (has(text, /\b(on the wall|wall[- ]mounted|mounted|above|over the|hang|hung|hanging)\b/)) mount = 'wall';
  else if (has(text, /\b(floor|on the ground|underfoot)\b/)) mount = 'floor';

  const side = has(text, /\bleft\b/) ? -1 : has(text, /\bright\b/) ? 1 : 0;
  if (has(text, /\b(door|doorway|entrance|entry)\b/)) x = 0.85;
  if (side !== 0) x = side < 0 ? 0.22 : 0.78;
  if (has(text, /\bwindows?\b/)) {
    const windowX = options.windowX ?? 0.5;
    // "left of the window" stands beside it; "by the window" under it.
    x = Math.min(0.9, Math.max(0.1, windowX + side * 0.2));
  }
  if (has(text, /\b(centre|center|middle|between|central|centred|centered)\b/)) x = 0.5;
  if (has(text, /\bcorner\b/)) x = has(text, /\bleft\b/) ? 0.1 : 0.9;

  if (has(text, /\b(front|foreground)\b/) && !has(text, /\bin front of\b/)) {
    y = 0.97;
    scale = 1.15;
  }
  if (has(text, /\b(back|far|background|back wall|against the wall|rear)\b/)) {
    y = 0.74;
    scale = 0.75;
  }
  if (has(text, /\b(floor|rug|underfoot|on the ground)\b/) && mount === 'floor') y = 0.97;

  const understood = x !== undefined || y !== undefined || mount !== (options.naturalMount ?? 'floor');
  if (options.naturalMount === 'floor' && y === undefined) y = 0.95; // rugs lie in front
  if (mount === 'wall') y = 0.4;
  if (mount === 'ceiling') y = 0.03;
  return { x: x ?? 0.12 + 0.76 * options.spread, y: y ?? DEFAULT_FLOOR_Y, mount, scale, understood };
}

export interface ItemSize {
  /** Height as a share of the room photo's height. */
  height: number;
  /** The widest the item may be, as a share of the room photo's width. */
  maxWidth: number;
  /** Items that lie on the floor (rugs) or hang on a wall by nature. */
  mount?: Mount;
}

/** Object words → size in a typical room photo taken at eye level. First match wins. */
export const ITEM_SIZES: readonly { words: RegExp; size: ItemSize }[] = [
  { words: /\b(rug|carpet|mat|runner)\b/, size: { height: 0.12, maxWidth: 0.6, mount: 'floor' } },
  {
    words: /\b(art|artwork|painting|print|poster|picture|canvas|frame|mirror|clock|wall light|sconce)\b/,
    size: { height: 0.2, maxWidth: 0.3, mount: 'wall' },
  },
  { words: /\b(pendant|chandelier|ceiling light)\b/, size: { height: 0.18, maxWidth: 0.2, mount: 'ceiling' } },
  { words: /\b(floor lamp|standing lamp|arc lamp)\b/, size: { height: 0.48, maxWidth: 0.2 } },
  {
    words: /\b(table lamp|desk lamp|vase|candle|candles|cushion|pillow|throw|bowl|ornament|sculpture|book|books)\b/,
    size: { height: 0.12, maxWidth: 0.12 },
  },
  { words: /\b(lamp|light)\b/, size: { height: 0.35, maxWidth: 0.18 } },
  { words: /\b(sofa|couch|settee|sectional|daybed)\b/, size: { height: 0.28, maxWidth: 0.5 } },
  { words: /\b(bed|headboard)\b/, size: { height: 0.32, maxWidth: 0.55 } },
  {
    words: /\b(bookcase|bookshelf|shelving|shelves|wardrobe|armoire|cabinet|dresser|cupboard|hutch)\b/,
    size: { height: 0.5, maxWidth: 0.35 },
  },
  { words: /\b(sideboard|console|credenza|tv unit|media unit|chest|drawers)\b/, size: { height: 0.24, maxWidth: 0.4 } },
  { words: /\b(plant|tree|palm|fern|olive tree|fiddle)\b/, size: { height: 0.38, maxWidth: 0.22 } },
  { words: /\b(coffee table|side table|ottoman|pouf|footstool|stool)\b/, size: { height: 0.14, maxWidth: 0.3 } },
  { words: /\b(armchair|chair|lounger|recliner)\b/, size: { height: 0.28, maxWidth: 0.26 } },
  { words: /\b(table|desk)\b/, size: { height: 0.22, maxWidth: 0.4 } },
];

export const DEFAULT_ITEM_SIZE: ItemSize = { height: 0.3, maxWidth: 0.35 };

/** How big an item is, from the words of its description. */
export function itemSizeFromWords(description: string): ItemSize {
  const text = description.toLowerCase();
  return ITEM_SIZES.find((entry) => entry.words.test(text))?.size ?? DEFAULT_ITEM_SIZE;
}
