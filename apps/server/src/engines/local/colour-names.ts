/**
 * Named colours for the offline engines: a table of interior-design colour names, the nearest name
 * of any colour by CIELAB distance, and the colour words found in free text.
 *
 * Names are one or two lowercase words, so "#hex name" strings satisfy the StyleLens palette rule.
 */

export interface NamedColour {
  name: string;
  hex: string;
}

export type Rgb = readonly [number, number, number];
export type Lab = readonly [number, number, number];

/** The colour table: names people use for rooms, each with a representative sRGB value. */
export const COLOUR_TABLE: readonly NamedColour[] = [
  // whites and creams
  { name: 'white', hex: '#f7f7f5' },
  { name: 'off white', hex: '#ede9df' },
  { name: 'ivory', hex: '#f4edd9' },
  { name: 'cream', hex: '#eee0c2' },
  { name: 'butter yellow', hex: '#f3e3a0' },
  // neutrals
  { name: 'warm sand', hex: '#d9cbb5' },
  { name: 'beige', hex: '#d6c3a1' },
  { name: 'greige', hex: '#b7afa2' },
  { name: 'stone', hex: '#a59e92' },
  { name: 'taupe', hex: '#8b7b69' },
  { name: 'mushroom', hex: '#9b8c80' },
  { name: 'light grey', hex: '#cacac7' },
  { name: 'warm grey', hex: '#9d958b' },
  { name: 'cool grey', hex: '#9aa1a8' },
  { name: 'grey', hex: '#808080' },
  { name: 'silver', hex: '#c0c3c6' },
  { name: 'slate', hex: '#56606b' },
  { name: 'charcoal', hex: '#393c3f' },
  { name: 'black', hex: '#1a1a1a' },
  // browns
  { name: 'tan', hex: '#c49a6c' },
  { name: 'caramel', hex: '#af7641' },
  { name: 'clay', hex: '#b5775a' },
  { name: 'brown', hex: '#7b5237' },
  { name: 'walnut brown', hex: '#5b3c28' },
  { name: 'chocolate brown', hex: '#47301f' },
  { name: 'espresso', hex: '#2f231c' },
  // reds, oranges, pinks
  { name: 'terracotta', hex: '#c2643c' },
  { name: 'rust', hex: '#a3461f' },
  { name: 'burnt orange', hex: '#cc5500' },
  { name: 'orange', hex: '#ec8a2f' },
  { name: 'peach', hex: '#f3c2a0' },
  { name: 'coral', hex: '#f07f6a' },
  { name: 'blush pink', hex: '#e9c6c0' },
  { name: 'dusty rose', hex: '#c28f89' },
  { name: 'pink', hex: '#e996b2' },
  { name: 'red', hex: '#c62d2d' },
  { name: 'brick red', hex: '#9b3b2d' },
  { name: 'burgundy', hex: '#6c1f2d' },
  // purples
  { name: 'plum', hex: '#6b3a5b' },
  { name: 'mauve', hex: '#b08a9c' },
  { name: 'lavender', hex: '#b8a8d6' },
  { name: 'purple', hex: '#6f45a0' },
  // blues
  { name: 'navy', hex: '#1f2e50' },
  { name: 'cobalt blue', hex: '#1e4fb0' },
  { name: 'blue', hex: '#3a6fc4' },
  { name: 'steel blue', hex: '#4a6a8a' },
  { name: 'sky blue', hex: '#8fc3e8' },
  { name: 'powder blue', hex: '#b9d0e2' },
  { name: 'duck egg', hex: '#c5dcd3' },
  { name: 'teal', hex: '#1d7777' },
  { name: 'turquoise', hex: '#3cbfb3' },
  // greens
  { name: 'mint green', hex: '#bde5cb' },
  { name: 'sage green', hex: '#9caf88' },
  { name: 'olive green', hex: '#6b7034' },
  { name: 'moss green', hex: '#687b3c' },
  { name: 'green', hex: '#3d9a47' },
  { name: 'emerald green', hex: '#157a4c' },
  { name: 'forest green', hex: '#2b5436' },
  // yellows
  { name: 'yellow', hex: '#f0cd3c' },
  { name: 'mustard', hex: '#d2a12a' },
  { name: 'ochre', hex: '#c1862a' },
  { name: 'gold', hex: '#c9a548' },
];

/**
 * Other words people write for a table colour. Single words that are also ordinary English
 * ("forest", "sand", "stone" used as a material) are left out or mapped with care.
 */
const COLOUR_ALIASES: Readonly<Record<string, string>> = {
  gray: 'grey',
  'light gray': 'light grey',
  'warm gray': 'warm grey',
  'cool gray': 'cool grey',
  'dark grey': 'charcoal',
  'dark gray': 'charcoal',
  'navy blue': 'navy',
  'midnight blue': 'navy',
  'dark blue': 'navy',
  'light blue': 'sky blue',
  'baby blue': 'powder blue',
  cobalt: 'cobalt blue',
  sage: 'sage green',
  olive: 'olive green',
  emerald: 'emerald green',
  mint: 'mint green',
  'dark green': 'forest green',
  'bottle green': 'forest green',
  'hunter green': 'forest green',
  'light green': 'mint green',
  blush: 'blush pink',
  'dusty pink': 'dusty rose',
  'old rose': 'dusty rose',
  sand: 'warm sand',
  'sandy beige': 'warm sand',
  oatmeal: 'warm sand',
  'off-white': 'off white',
  offwhite: 'off white',
  eggshell: 'off white',
  bone: 'off white',
  chocolate: 'chocolate brown',
  'dark brown': 'chocolate brown',
  'light brown': 'tan',
  camel: 'tan',
  cognac: 'caramel',
  maroon: 'burgundy',
  'wine red': 'burgundy',
  oxblood: 'burgundy',
  violet: 'purple',
  lilac: 'lavender',
  aubergine: 'plum',
  aqua: 'turquoise',
  'petrol blue': 'teal',
  anthracite: 'charcoal',
  graphite: 'charcoal',
  ebony: 'black',
  'pure white': 'white',
  'brilliant white': 'white',
  'mustard yellow': 'mustard',
  'burnt sienna': 'rust',
  copper: 'rust',
  salmon: 'coral',
  apricot: 'peach',
};

export function hexToRgb(hex: string): Rgb {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const n = Number.parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function rgbToHex([r, g, b]: Rgb): string {
  const part = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

/** sRGB channel (0..255) to linear light (0..1). */
const LINEAR = Float64Array.from({ length: 256 }, (_, v) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

function linear(v: number): number {
  const i = Math.round(Math.min(255, Math.max(0, v)));
  return LINEAR[i] ?? 0;
}

/** sRGB (0..255) to CIELAB (D65). */
export function rgbToLab([r, g, b]: Rgb): Lab {
  const lr = linear(r);
  const lg = linear(g);
  const lb = linear(b);
  const x = (0.4124564 * lr + 0.3575761 * lg + 0.1804375 * lb) / 0.95047;
  const y = 0.2126729 * lr + 0.7151522 * lg + 0.072175 * lb;
  const z = (0.0193339 * lr + 0.119192 * lg + 0.9503041 * lb) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 / 116) * t + 16 / 116);
  const fx = f(x);
  const fy = f(y);
  const fz = f(z);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** CIE76 colour difference (Euclidean distance in CIELAB). */
export function deltaE(a: Lab, b: Lab): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

const TABLE_LAB = COLOUR_TABLE.map((c) => ({ ...c, lab: rgbToLab(hexToRgb(c.hex)) }));
const BY_NAME = new Map(COLOUR_TABLE.map((c) => [c.name, c]));

/** The table colour nearest to an sRGB colour (CIELAB distance). */
export function nearestColour(rgb: Rgb): NamedColour {
  const lab = rgbToLab(rgb);
  let best = TABLE_LAB[0];
  let bestDistance = Infinity;
  for (const entry of TABLE_LAB) {
    const d = deltaE(lab, entry.lab);
    if (d < bestDistance) {
      bestDistance = d;
      best = entry;
    }
  }
  if (!best) throw new Error('Empty colour table');
  return { name: best.name, hex: best.hex };
}

/** The name of the table colour nearest to `hex`. */
export function nearestColourName(hex: string): string {
  return nearestColour(hexToRgb(hex)).name;
}

/** A table colour (or alias) by name, or undefined. */
export function colourByName(name: string): NamedColour | undefined {
  const key = name.trim().toLowerCase().replace(/\s+/g, ' ');
  const direct = BY_NAME.get(key);
  if (direct) return direct;
  const alias = COLOUR_ALIASES[key];
  return alias ? BY_NAME.get(alias) : undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every phrase we recognise, longest first, so "sage green" wins over "green". */
const PHRASES = [...BY_NAME.keys(), ...Object.keys(COLOUR_ALIASES)].sort((a, b) => b.length - a.length);
const PHRASE_PATTERN = PHRASES.map((p) => escapeRegExp(p).replace(/ /g, '[\\s-]+')).join('|');
/** A hex code, optionally followed by the name it was written with ("#d9cbb5 warm sand"), or a colour phrase. */
const COLOUR_TEXT = new RegExp(`(#[0-9a-f]{6})\\b(?:\\s+(${PHRASE_PATTERN})\\b)?|\\b(${PHRASE_PATTERN})\\b`, 'gi');

/**
 * The colours named in free text, in order of first mention, one per name: colour words and
 * phrases from the table ("green velvet sofa" → green, "navy", "terracotta"), their aliases
 * ("gray", "sage"), and #rrggbb codes (named by the nearest table colour unless a name follows).
 */
export function parseColourWords(text: string): NamedColour[] {
  const found: NamedColour[] = [];
  const add = (colour: NamedColour) => {
    if (!found.some((f) => f.name === colour.name)) found.push(colour);
  };
  for (const match of text.matchAll(COLOUR_TEXT)) {
    const [, hex, namedAfterHex, phrase] = match;
    if (hex) {
      const named = namedAfterHex ? colourByName(namedAfterHex.replace(/[\s-]+/g, ' ')) : undefined;
      add({ hex: hex.toLowerCase(), name: named?.name ?? nearestColourName(hex) });
    } else if (phrase) {
      const named = colourByName(phrase.replace(/[\s-]+/g, ' '));
      if (named) add({ ...named });
    }
  }
  return found;
}
