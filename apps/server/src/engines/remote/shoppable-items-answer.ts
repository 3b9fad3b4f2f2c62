import { z } from 'zod';
import type { ShoppableItem } from '@rv/contracts/api/designs';
import type { DesignBrief } from '../../domain/design-brief';
import { FURNITURE_TYPES, STORE_CATEGORIES } from '@rv/contracts/constants';
import { MAX_SHOPPABLE_ITEMS } from '../local/list-shoppable-items';
import type { VisionTask } from './vision-answers';

/**
 * What the model answers for a design's items: plain strings ('' for none), so an item with an unknown
 * category or type is still a well-formed answer that we can drop on our side, item by item.
 */
const wireItem = z.object({ name: z.string(), category: z.string(), furnitureType: z.string(), colour: z.string(), material: z.string() });

export const shoppableItemsTask: VisionTask<{ items: z.infer<typeof wireItem>[] }> = {
  name: 'shoppable_items',
  schema: z.object({ items: z.array(wireItem) }),
  incompleteMessage: 'The items of the design could not be listed.',
};

const isCategory = (value: string): value is ShoppableItem['category'] => (STORE_CATEGORIES as readonly string[]).includes(value);
const isFurnitureType = (value: string): value is NonNullable<ShoppableItem['furnitureType']> =>
  (FURNITURE_TYPES as readonly string[]).includes(value);
const clean = (text: string, max: number) => text.replace(/\s+/g, ' ').trim().slice(0, max).trim();

/** The model's items checked: trimmed, at most 12, dropped when the name is empty or the category is not the directory's. */
export function toShoppableItems(answer: { items: z.infer<typeof wireItem>[] }): ShoppableItem[] {
  return answer.items
    .flatMap((item): ShoppableItem[] => {
      const name = clean(item.name, 120);
      const category = clean(item.category, 40);
      if (!name || !isCategory(category)) return [];
      const furnitureType = clean(item.furnitureType, 40);
      return [
        {
          name,
          category,
          furnitureType: category === 'Furniture' && isFurnitureType(furnitureType) ? furnitureType : null,
          colour: clean(item.colour, 60) || null,
          material: clean(item.material, 60) || null,
        },
      ];
    })
    .slice(0, MAX_SHOPPABLE_ITEMS);
}

export function shoppableItemsPrompt(brief: DesignBrief): string {
  const asked = brief.items.map(
    (item, index) => `${index + 1}. ${clean(item.description, 200)}${item.category ? ` (${item.category})` : ''}`,
  );
  return [
    'Image 1 is a redesigned room. List the things in it a homeowner could buy to recreate the look, most prominent first, at most 12.',
    'For each, give a short name a shop\'s search box understands (colour, material and the thing, e.g. "green velvet three-seat sofa", "light oak round coffee table", "jute rug"), no brands.',
    `"category": exactly one of ${STORE_CATEGORIES.map((c) => `"${c}"`).join(', ')}.`,
    `"furnitureType": for Furniture exactly one of ${FURNITURE_TYPES.map((t) => `"${t}"`).join(', ')}, otherwise "".`,
    '"colour" and "material": a word or two each when you can see them, otherwise "".',
    'List only what you can see in the image. Answer as JSON {"items": [...]}.',
    asked.length ? `The homeowner asked for these items:\n${asked.join('\n')}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}
