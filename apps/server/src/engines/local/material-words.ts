/**
 * Materials people name in a tweak ("oak shelves", "a marble top"), each with the colour it usually
 * has in a room, so the local engine can move a photo towards it. Materials without a typical colour
 * (velvet, glass) are still recognised, with no colour.
 */
export interface Material {
  name: string;
  /** Other words for it; matched as whole words, case-insensitive. */
  aliases?: readonly string[];
  /** The colour it usually brings to a room, or none. */
  hex?: string;
}

export const MATERIAL_TABLE: readonly Material[] = [
  { name: 'oak', aliases: ['oak wood', 'white oak'], hex: '#c19a6b' },
  { name: 'walnut', hex: '#5b3c28' },
  { name: 'pine', hex: '#d8b27a' },
  { name: 'ash', aliases: ['ash wood'], hex: '#d9c4a0' },
  { name: 'teak', hex: '#a0703f' },
  { name: 'bamboo', hex: '#d6bf86' },
  { name: 'wood', aliases: ['wooden', 'timber'], hex: '#a57a52' },
  { name: 'rattan', aliases: ['cane', 'wicker'], hex: '#c9a46a' },
  { name: 'jute', aliases: ['sisal', 'seagrass'], hex: '#c2a878' },
  { name: 'linen', hex: '#ddd3c2' },
  { name: 'cotton' },
  { name: 'wool', aliases: ['boucle', 'bouclé'], hex: '#e6dfd2' },
  { name: 'velvet' },
  { name: 'leather', hex: '#8b5a3c' },
  { name: 'marble', hex: '#e7e4df' },
  { name: 'travertine', hex: '#d8c8aa' },
  { name: 'terrazzo', hex: '#d9d2c8' },
  { name: 'granite', hex: '#6f6a66' },
  { name: 'quartz', hex: '#ebe8e3' },
  { name: 'limestone', hex: '#d6cdb9' },
  { name: 'slate', hex: '#4f555b' },
  { name: 'concrete', aliases: ['cement', 'microcement'], hex: '#9b9a96' },
  { name: 'plaster', aliases: ['limewash', 'venetian plaster'], hex: '#e3dbcd' },
  { name: 'brick', aliases: ['exposed brick'], hex: '#a0523a' },
  { name: 'tile', aliases: ['tiles', 'zellige', 'ceramic', 'porcelain'] },
  { name: 'brass', aliases: ['gold hardware'], hex: '#b5984a' },
  { name: 'copper', hex: '#b87333' },
  { name: 'bronze', hex: '#8c6a3f' },
  { name: 'chrome', hex: '#d0d3d6' },
  { name: 'steel', aliases: ['stainless steel', 'stainless'], hex: '#a7abae' },
  { name: 'black metal', aliases: ['iron', 'wrought iron', 'matte black'], hex: '#2a2a2a' },
  { name: 'glass' },
  { name: 'lacquer', aliases: ['lacquered', 'high gloss'] },
  { name: 'wallpaper' },
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const PATTERNS = MATERIAL_TABLE.flatMap((material) => [material.name, ...(material.aliases ?? [])].map((word) => ({ material, word })))
  .sort((a, b) => b.word.length - a.word.length)
  .map(({ material, word }) => ({
    material,
    pattern: new RegExp(`(?<![\\w-])${escapeRegExp(word).replace(/ /g, '\\s+')}(?![\\w-])`, 'gi'),
  }));

/** The materials named in a text, in order of first mention, each once ("walnut and brass" → walnut, brass). */
export function parseMaterialWords(text: string): Material[] {
  const found: { material: Material; at: number }[] = [];
  let rest = text;
  for (const { material, pattern } of PATTERNS) {
    const matches = [...rest.matchAll(pattern)];
    const first = matches[0];
    if (!first) continue;
    // Blank the matches so "stainless steel" is not also read as "steel", nor "oak wood" as "wood".
    rest = rest.replace(pattern, (m) => ' '.repeat(m.length));
    const existing = found.find((f) => f.material.name === material.name);
    if (existing) existing.at = Math.min(existing.at, first.index);
    else found.push({ material, at: first.index });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.material);
}
