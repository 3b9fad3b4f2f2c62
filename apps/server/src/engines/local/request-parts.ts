import { parseColourWords, type NamedColour } from './colour-names';

/**
 * What a request names, part by part, for the offline engine (issue 51): "a dark green armchair and a
 * bookshelf" is a colour on an armchair and a bookshelf without one, not a green cast over the room.
 *
 * The text is cut into phrases at commas, full stops, semicolons, "and", "with" and "plus"; in each, a
 * colour and a part are bound together ("sage green walls", "walls in sage green", "paint the ceiling
 * white"). A colour in a phrase without a part is the room's palette, as before.
 */

/** The room's surfaces the engine finds in a photo (segment-room.ts). */
export type RoomRegion = 'walls' | 'floor' | 'ceiling';

export type RequestPart =
  /** A surface of the room, with the colour asked for it (none: named without one). */
  | { kind: 'region'; region: RoomRegion; colour?: NamedColour; words: string }
  /** A piece of furniture or decor ("armchair"), with its colour, and the phrase that named it ("dark green armchair"). */
  | { kind: 'object'; noun: string; colour?: NamedColour; words: string }
  /** A surface the engine cannot find in a photo (cabinets, worktops, tiles...). */
  | { kind: 'surface'; noun: string; colour?: NamedColour; words: string };

export interface RequestParts {
  parts: RequestPart[];
  /** Colours named without a part: the palette the whole room moves towards. */
  palette: NamedColour[];
  /** The phrases that name no part (their colours are `palette`; their materials and style words are the room's too). */
  freeText: string;
}

/** The surfaces by their words; "paint" alone means the walls ("the ceiling painted white" is the ceiling). */
const REGION_WORDS: readonly { pattern: RegExp; region: RoomRegion }[] = [
  { pattern: /\b(ceilings?)\b/, region: 'ceiling' },
  { pattern: /\b(floors?|flooring|floorboards?)\b/, region: 'floor' },
  { pattern: /\b(walls?|paint(?:work|ed)?|wallpaper)\b/, region: 'walls' },
];

/**
 * Pieces a request may ask for, singular first (the name the notes use), longest first so "coffee table"
 * wins over "table". Words that are also ordinary adjectives or styles ("light", "art deco", "print") are
 * left out: a false "cannot add" is worse than none.
 */
const OBJECT_NOUNS: readonly string[] = [
  'floor lamp',
  'table lamp',
  'pendant light',
  'ceiling light',
  'wall light',
  'coffee table',
  'side table',
  'dining table',
  'bedside table',
  'tv unit',
  'media unit',
  'armchair',
  'chair',
  'sofa',
  'couch',
  'settee',
  'sectional',
  'bed',
  'headboard',
  'bookcase',
  'bookshelf',
  'bookshelves',
  'shelves',
  'shelving',
  'wardrobe',
  'dresser',
  'sideboard',
  'credenza',
  'rug',
  'carpet',
  'curtains',
  'blinds',
  'lamp',
  'chandelier',
  'plant',
  'mirror',
  'table',
  'desk',
  'stool',
  'ottoman',
  'pouf',
  'cushion',
  'cushions',
  'pillow',
  'pillows',
  'artwork',
  'painting',
  'vase',
].sort((a, b) => b.length - a.length);

/** Surfaces of a kitchen or bathroom the engine does not find in a photo. */
const SURFACE_NOUNS: readonly string[] = [
  'cabinets',
  'cabinetry',
  'cupboards',
  'countertops',
  'countertop',
  'worktops',
  'worktop',
  'backsplash',
  'splashback',
  'tiles',
  'doors',
  'door',
  'window frames',
].sort((a, b) => b.length - a.length);

const PLURALS: Readonly<Record<string, string>> = {
  bookshelves: 'bookshelf',
  shelves: 'shelves',
  cushions: 'cushion',
  pillows: 'pillow',
};

const nounPattern = (nouns: readonly string[]) => new RegExp(`\\b(${nouns.map((n) => n.replace(/ /g, '[\\s-]+')).join('|')})(s?)\\b`, 'i');
const OBJECT_PATTERN = nounPattern(OBJECT_NOUNS);
const SURFACE_PATTERN = nounPattern(SURFACE_NOUNS);

/** The phrases of a request: cut at punctuation and at the words that join two wishes. */
export function requestPhrases(text: string): string[] {
  return text
    .split(/[.,;:!?\n]+|\s+(?:and|with|plus|&)\s+/i)
    .map((phrase) => phrase.trim())
    .filter(Boolean);
}

/** The singular name of an object noun as matched ("armchairs" → "armchair", "bookshelves" → "bookshelf"). */
export function objectName(noun: string): string {
  const key = noun.toLowerCase().replace(/[\s-]+/g, ' ');
  return PLURALS[key] ?? key;
}

/** The object a piece's own description names ("green velvet armchair" → "armchair"), if any. */
export function objectNamed(description: string): string | undefined {
  const match = OBJECT_PATTERN.exec(description);
  return match?.[1] ? objectName(match[1]) : undefined;
}

/**
 * Two object names are the same piece for the engine: "sofa", "couch", "settee" and "sectional" are one,
 * "bookcase", "bookshelf", "shelves" and "shelving" are one; else the names must match.
 */
const SAME_PIECE: readonly (readonly string[])[] = [
  ['sofa', 'couch', 'settee', 'sectional'],
  ['bookcase', 'bookshelf', 'shelves', 'shelving'],
  ['rug', 'carpet'],
  ['cushion', 'pillow'],
  ['artwork', 'painting'],
];
export function samePiece(a: string, b: string): boolean {
  if (a === b) return true;
  return SAME_PIECE.some((group) => group.includes(a) && group.includes(b));
}

/** The parts a request names, in order, and the colours it names without a part. */
export function requestParts(text: string): RequestParts {
  const parts: RequestPart[] = [];
  const palette: NamedColour[] = [];
  const free: string[] = [];
  for (const phrase of requestPhrases(text)) {
    const lower = phrase.toLowerCase();
    const colour = parseColourWords(phrase)[0];
    const object = OBJECT_PATTERN.exec(lower);
    const surface = SURFACE_PATTERN.exec(lower);
    // "wall light" is an object, not the walls; "floor lamp" is not the floor.
    const region = object ? undefined : REGION_WORDS.find((entry) => entry.pattern.test(lower))?.region;
    const words = phrase.replace(/^(?:an?|the|some|add|paint|make|put|with|in)\s+/i, '').trim();
    if (object?.[1]) parts.push({ kind: 'object', noun: objectName(object[1]), ...(colour ? { colour } : {}), words });
    else if (region) parts.push({ kind: 'region', region, ...(colour ? { colour } : {}), words });
    else if (surface?.[1]) parts.push({ kind: 'surface', noun: surface[1].toLowerCase(), ...(colour ? { colour } : {}), words });
    else {
      free.push(phrase);
      for (const named of parseColourWords(phrase)) if (!palette.some((p) => p.name === named.name)) palette.push(named);
    }
  }
  return { parts, palette, freeText: free.join('. ') };
}
