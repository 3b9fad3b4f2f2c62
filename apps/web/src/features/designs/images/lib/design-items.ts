import type { ShoppableItem } from '@rv/contracts/api/designs';
import type { ReactNode } from 'react';

/** Where a page shows 'Shop for These Items' for a list of items (the app's routes pass the shop feature's dialog). */
export type ShopSlot = (items: ShoppableItem[]) => ReactNode;

/** The shoppable items of a design's result images, in the order given (the view's: the first shown first), each name once. */
export function designItems(images: readonly { items: ShoppableItem[] | null }[]): ShoppableItem[] {
  const seen = new Set<string>();
  return images.flatMap((image) => image.items ?? []).filter((item) => !seen.has(item.name) && Boolean(seen.add(item.name)));
}

/** An item's details as a line of text: 'Furniture · Sofa · green · velvet'. */
export const itemDetails = (item: ShoppableItem) =>
  [item.category, item.furnitureType, item.colour, item.material].filter(Boolean).join(' · ');
