import type { z } from 'zod';
import type { Store, storeSearchQuery } from '@rv/contracts/api/creation';
import { PRICE_RANGES } from '@rv/contracts/constants';
import type { StoreEntry } from './store-directory';
import { storeSearchLink } from './store-search-link';

export type StoreSearch = z.output<typeof storeSearchQuery>;

function searchFor(entry: StoreEntry, item: string | undefined): { searchUrl: string | null; searchLabel: string | null } {
  const found = item ? storeSearchLink(entry, item) : null;
  return { searchUrl: found?.url ?? null, searchLabel: found?.label ?? null };
}

/** How far (in tiers) a store's price range is from the asked tier: 0 when it covers it. */
function tierDistance(entry: StoreEntry, asked: number): number {
  return Math.min(...entry.priceTiers.map((tier) => Math.abs(PRICE_RANGES.indexOf(tier) - asked)));
}

/** The tiers a store covers as a display string: "$$", or "$–$$$" for a range. */
export function priceLabel(priceTiers: StoreEntry['priceTiers']): string {
  const symbols = priceTiers.map((tier) => tier.split(' ')[0]!);
  return symbols.length === 1 ? symbols[0]! : `${symbols[0]}–${symbols.at(-1)}`;
}

/**
 * The stores that sell the category (and, for Furniture, the furniture type when given) in the
 * country, whose price range is within one tier of the asked one. Ranked: Our Picks for the category
 * first, then the closest price tier (exact before neighbours), then name.
 */
export function searchStores(directory: readonly StoreEntry[], query: StoreSearch): Store[] {
  const asked = PRICE_RANGES.indexOf(query.priceRange);
  const furnitureType = query.selectedCategory === 'Furniture' ? query.selectedSubCategory : undefined;
  return directory
    .filter(
      (entry) =>
        entry.country === query.country &&
        entry.categories.includes(query.selectedCategory) &&
        (!furnitureType || entry.furnitureTypes.includes(furnitureType)),
    )
    .map((entry) => ({ entry, distance: tierDistance(entry, asked), ourPicks: entry.ourPickFor.includes(query.selectedCategory) }))
    .filter(({ distance }) => distance <= 1)
    .sort((a, b) => Number(b.ourPicks) - Number(a.ourPicks) || a.distance - b.distance || a.entry.name.localeCompare(b.entry.name, 'en'))
    .map(({ entry, ourPicks }) => ({
      id: entry.id,
      name: entry.name,
      type: entry.type,
      price: priceLabel(entry.priceTiers),
      comments: entry.comment,
      ourPicks,
      link: entry.link,
      ...searchFor(entry, query.item),
    }));
}
