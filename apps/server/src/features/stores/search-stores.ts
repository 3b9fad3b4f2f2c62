import type { z } from 'zod';
import type { Store, storeSearchQuery } from '@rv/contracts/api/creation';
import { priceInCurrency } from '@rv/contracts/constants';
import type { StoreEntry } from './store-directory';
import { storeSearchLink } from './store-search-link';

export type StoreSearch = z.output<typeof storeSearchQuery>;

function searchFor(entry: StoreEntry, item: string | undefined): { searchUrl: string | null; searchLabel: string | null } {
  const found = item ? storeSearchLink(entry, item) : null;
  return { searchUrl: found?.url ?? null, searchLabel: found?.label ?? null };
}

/** The tiers a store covers as read in its country's currency: "££", or "$–$$$" for a range. */
export function priceLabel(priceTiers: StoreEntry['priceTiers'], country: StoreEntry['country']): string {
  const symbols = priceTiers.map((tier) => priceInCurrency(tier.split(' ')[0]!, country));
  return symbols.length === 1 ? symbols[0]! : `${symbols[0]}–${symbols.at(-1)}`;
}

/**
 * The stores that sell the category (and, for Furniture, the furniture type when given) in the
 * country, whose price range covers the asked tier: the price range narrows the list (a store of
 * another tier is not shown as if it were one). Ranked: Our Picks for the category first, then name.
 */
export function searchStores(directory: readonly StoreEntry[], query: StoreSearch): Store[] {
  const furnitureType = query.selectedCategory === 'Furniture' ? query.selectedSubCategory : undefined;
  return directory
    .filter(
      (entry) =>
        entry.country === query.country &&
        entry.categories.includes(query.selectedCategory) &&
        entry.priceTiers.includes(query.priceRange) &&
        (!furnitureType || entry.furnitureTypes.includes(furnitureType)),
    )
    .map((entry) => ({ entry, ourPicks: entry.ourPickFor.includes(query.selectedCategory) }))
    .sort((a, b) => Number(b.ourPicks) - Number(a.ourPicks) || a.entry.name.localeCompare(b.entry.name, 'en'))
    .map(({ entry, ourPicks }) => ({
      id: entry.id,
      name: entry.name,
      type: entry.type,
      price: priceLabel(entry.priceTiers, entry.country),
      comments: entry.comment,
      ourPicks,
      link: entry.link,
      ...searchFor(entry, query.item),
    }));
}
