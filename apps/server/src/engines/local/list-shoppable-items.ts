import type { ShoppableItem } from '@rv/contracts/api/designs';
import type { DesignBrief } from '../../domain/design-brief';
import type { FURNITURE_TYPES, STORE_CATEGORIES } from '@rv/contracts/constants';
import { type KITCHEN_CATEGORIES } from '@rv/contracts/constants';
import { parseColourWords } from './colour-names';
import { parseMaterialWords } from './material-words';

type StoreCategory = (typeof STORE_CATEGORIES)[number];
type FurnitureType = (typeof FURNITURE_TYPES)[number];
type KitchenCategory = (typeof KITCHEN_CATEGORIES)[number];

/** Most items listed for one image (the remote engines are held to the same). */
export const MAX_SHOPPABLE_ITEMS = 12;

/** What a furnishing item is, read from the words of its description: first rule that matches wins. */
const ITEM_RULES: { pattern: RegExp; category: StoreCategory; furnitureType?: FurnitureType }[] = [
  {
    pattern: /\b(sofas?|couch(es)?|sectionals?|loveseats?|settees?|chaise)\b/i,
    category: 'Furniture',
    furnitureType: 'Sofa',
  },
  { pattern: /\b(beds?|bed ?frames?|headboards?|daybeds?)\b/i, category: 'Furniture', furnitureType: 'Bed Frame' },
  { pattern: /\b(desks?|office chairs?)\b/i, category: 'Furniture', furnitureType: 'Office' },
  {
    pattern:
      /\b(dressers?|cabinets?|shelf|shelves|shelving|bookcases?|sideboards?|consoles?|wardrobes?|nightstands?|bedside tables?|credenzas?|media units?|tv stands?|chests?)\b/i,
    category: 'Furniture',
    furnitureType: 'Casegoods & Storage',
  },
  // An armchair is a chair, not a sofa: the directory's chair stores are its 'Table & Chairs'.
  {
    pattern: /\b(tables?|chairs?|armchairs?|stools?|benches?|ottomans?|poufs?)\b/i,
    category: 'Furniture',
    furnitureType: 'Table & Chairs',
  },
  { pattern: /\b(lamps?|lights?|lighting|pendants?|chandeliers?|sconces?)\b/i, category: 'Lighting' },
  { pattern: /\b(rugs?|carpets?|runners?)\b/i, category: 'Rugs' },
  { pattern: /\b(cushions?|pillows?|throws?|blankets?|duvets?|bedding|quilts?|bedspreads?)\b/i, category: 'Bedding & Pillows' },
  { pattern: /\b(art|artwork|prints?|paintings?|posters?|canvas|photographs?|wall art)\b/i, category: 'Artwork' },
  { pattern: /\b(curtains?|drapes?|blinds?|shades?|shutters?)\b/i, category: 'Window Treatments' },
  { pattern: /\b(wallpapers?|wall ?coverings?)\b/i, category: 'Wallpaper' },
  { pattern: /\b(outdoor|patio|garden|balcony)\b/i, category: 'Outdoor' },
  { pattern: /\b(plates?|bowls?|mugs?|glasses|glassware|cutlery|tableware|dinnerware)\b/i, category: 'Tableware' },
];

/**
 * Where a kitchen or bathroom finish is bought in the directory's own lists: cabinets are storage
 * furniture, lights are lighting, wall finishes are wallpaper; hardware, taps and surfaces are decor
 * (the directory has no category of their own; its home-improvement stores carry them under these).
 */
const FINISH_CATEGORY: Record<KitchenCategory, { category: StoreCategory; furnitureType?: FurnitureType }> = {
  Cabinetry: { category: 'Furniture', furnitureType: 'Casegoods & Storage' },
  Countertops: { category: 'Decor' },
  Backsplash: { category: 'Wallpaper' },
  Flooring: { category: 'Rugs' },
  'Handles/Knobs': { category: 'Decor' },
  Walls: { category: 'Wallpaper' },
  Fixtures: { category: 'Decor' },
  Lighting: { category: 'Lighting' },
  Other: { category: 'Decor' },
};

/** Words that already say what a finish is. */
const FINISH_WORDS = /\b(tiles?|taps?|faucets?|sinks?|basins?|counter ?tops?|worktops?|flooring|floors?|handles?|knobs?|pulls?|paint)\b/i;

const oneLine = (text: string, max: number) => {
  const line = text.replace(/\s+/g, ' ').trim().toLowerCase();
  return line.length > max ? line.slice(0, max).trim() : line;
};

/**
 * The shoppable items of a design, from what the offline engine can know for sure is in its image: the
 * items the user uploaded, which it puts into the room (their own descriptions, placements as context),
 * and the kitchen or bathroom finishes with their categories. Nothing it did not put there is listed: no
 * rug or lamp it never drew (it used to name decor pieces in the image's colours, which a person then
 * looked for in vain), no brand, no size.
 */
export function listShoppableItems(brief: DesignBrief): ShoppableItem[] {
  const items: ShoppableItem[] = [];
  for (const item of brief.items) {
    const name = oneLine(item.description, 120);
    if (!name) continue;
    const kind =
      brief.tool === 'kitchen-bathroom' && item.category && item.category in FINISH_CATEGORY
        ? FINISH_CATEGORY[item.category as KitchenCategory]
        : (ITEM_RULES.find((rule) => rule.pattern.test(name)) ?? { category: 'Decor' as const });
    // A finish named only by its look ("white marble") gets the thing it is ("white marble countertop").
    const saysWhatItIs = ITEM_RULES.some((rule) => rule.pattern.test(name)) || FINISH_WORDS.test(name);
    const finishName =
      brief.tool === 'kitchen-bathroom' && item.category && !saysWhatItIs ? `${name} ${finishNoun(item.category)}`.trim() : name;
    items.push({
      name: oneLine(finishName, 120),
      category: kind.category,
      furnitureType: kind.furnitureType ?? null,
      colour: parseColourWords(item.description)[0]?.name ?? null,
      material: parseMaterialWords(item.description)[0]?.name ?? null,
    });
  }

  return items.slice(0, MAX_SHOPPABLE_ITEMS);
}

/** What a finish is called in a shop's search box when the user's words do not say it ("white marble" + Countertops). */
function finishNoun(category: string): string {
  const nouns: Record<string, string> = {
    Cabinetry: 'kitchen cabinets',
    Countertops: 'countertop',
    Backsplash: 'backsplash tile',
    Flooring: 'flooring',
    'Handles/Knobs': 'cabinet handles',
    Walls: 'wall finish',
    Fixtures: 'tap',
    Lighting: 'light',
  };
  return nouns[category] ?? '';
}
