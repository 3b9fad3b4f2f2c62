import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FURNITURE_TYPES, PRICE_RANGES, STORE_CATEGORIES, STORE_COUNTRIES } from '@rv/contracts/constants';
import { call, queryKey } from '@/lib/api-client';

export type StoreCountry = (typeof STORE_COUNTRIES)[number];
export type PriceRange = (typeof PRICE_RANGES)[number];
export type StoreCategory = (typeof STORE_CATEGORIES)[number];
export type FurnitureType = (typeof FURNITURE_TYPES)[number];

export interface StoreSearch {
  country: StoreCountry;
  priceRange: PriceRange;
  selectedCategory: StoreCategory;
  /** Sent only with Furniture. */
  selectedSubCategory?: FurnitureType;
  /** An item to search each store for (its own search page). */
  item?: string;
}

/** What the dialog has chosen so far; the search runs once country, price range and category are all set. */
export type StoreSearchDraft = Partial<StoreSearch>;

function isComplete(draft: StoreSearchDraft): draft is StoreSearch {
  return Boolean(draft.country && draft.priceRange && draft.selectedCategory);
}

export function searchStores(search: StoreSearch, signal?: AbortSignal) {
  const subCategory = search.selectedCategory === 'Furniture' ? search.selectedSubCategory : undefined;
  const query = {
    country: search.country,
    priceRange: search.priceRange,
    selectedCategory: search.selectedCategory,
    ...(subCategory ? { selectedSubCategory: subCategory } : {}),
    ...(search.item ? { item: search.item } : {}),
  };
  return call('storeSearch', { query }, { signal });
}

export function storeSearchQueryOptions(draft: StoreSearchDraft) {
  const search = isComplete(draft) ? draft : null;
  const subCategory = draft.selectedCategory === 'Furniture' ? draft.selectedSubCategory : undefined;
  return queryOptions({
    queryKey: queryKey('storeSearch', draft.country, draft.priceRange, draft.selectedCategory, subCategory, draft.item ?? ''),
    // Runs only when enabled, that is when the search is complete.
    queryFn: ({ signal }) => searchStores(search!, signal),
    enabled: search !== null,
    staleTime: 10 * 60_000,
  });
}

export function useStoreSearch(draft: StoreSearchDraft) {
  return useQuery(storeSearchQueryOptions(draft));
}

/** Where the dialog starts: the user's country (profile, else their address) when the directory covers it; asked only when `enabled`. */
export function useStoreCountry(enabled: boolean) {
  return useQuery({
    queryKey: queryKey('storeCountry'),
    enabled,
    queryFn: ({ signal }) => call('storeCountry', undefined, { signal }),
    staleTime: Infinity,
    retry: false,
  });
}
