import { FURNITURE_TYPES, PRICE_RANGES, priceInCurrency, STORE_CATEGORIES, STORE_COUNTRIES, STORE_CURRENCY } from '@rv/contracts/constants';
import type { ShoppableItem } from '@rv/contracts/api/designs';
import { ShoppingBag } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { dialogCommand, NativeDialog } from '@/components/ui/native-dialog';
import {
  useStoreCountry,
  useStoreSearch,
  type FurnitureType,
  type PriceRange,
  type StoreCategory,
  type StoreCountry,
} from '../api/search-stores';
import { browserStoreCountry } from '../browser-store-country';
import { DesignItemsPicker, type ChosenItem } from './design-items-picker';
import { SelectField } from './select-field';
import { StoreList } from './store-list';

/** The country the user chose last time, kept in this browser. */
const LAST_COUNTRY_KEY = 'rv-shop-country';
const lastCountry = (): StoreCountry | '' => {
  const saved = typeof localStorage === 'undefined' ? null : localStorage.getItem(LAST_COUNTRY_KEY);
  // A kept value that is not one of the countries (an older list's, a hand edit) is no choice.
  return STORE_COUNTRIES.find((country) => country === saved) ?? '';
};

/**
 * 'Shop for These Items': starts from the design itself. Its items (listed when the design was made)
 * each open the stores of the chosen country and budget that sell the item's category, each with a
 * link searching that store for it; an item can also be typed. Without an item it is the spec's
 * directory: stores for a country, price range and category (and furniture type for Furniture). The
 * country starts from the user's last choice in this browser, then their location (profile, else address),
 * then what the browser says (its time zone, its language's region); prices read in that country's
 * currency. A native <dialog> in
 * the page, closed, opened by its button with `dialogCommand`, so the first press is answered by the
 * browser, before React runs the page (ADR 048).
 */
export function ShopDialog({ items = [] }: { items?: ShoppableItem[] }) {
  const dialogId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [opened, setOpened] = useState(false);
  const openCommand = dialogCommand(dialogId, 'show-modal');
  // Opened before React ran the page: the browser did it, at the first press.
  useEffect(() => {
    if (dialog.current?.open) setOpened(true);
  }, []);
  // Asked once the dialog is first opened, not on every results page load.
  const locating = useStoreCountry(opened);
  // Once the server has answered (or could not): its country (profile, else address), else the browser's.
  const located = locating.isPending ? '' : locating.data?.country || browserStoreCountry() || '';
  const [chosenCountry, setChosenCountry] = useState<StoreCountry | ''>('');
  // The last choice is read once opened: the page's HTML, drawn by the server, has none.
  const country = chosenCountry || (opened ? lastCountry() || located : '') || '';
  const setCountry = (next: StoreCountry) => {
    setChosenCountry(next);
    localStorage.setItem(LAST_COUNTRY_KEY, next);
  };
  const [priceRange, setPriceRange] = useState<PriceRange | ''>('');
  const [category, setCategory] = useState<StoreCategory | ''>('');
  const [furnitureType, setFurnitureType] = useState<FurnitureType>('Sofa');
  const [item, setItem] = useState('');
  const headingId = useId();

  const chooseItem = (next: ChosenItem) => {
    setItem(next.name);
    if (next.category) setCategory(next.category);
    if (next.furnitureType) setFurnitureType(next.furnitureType);
    // An item asks for stores at once: a budget is assumed until the user picks one.
    if (!priceRange) setPriceRange('$$ Mid-range');
  };
  const ready = Boolean(country && priceRange && category);
  const search = useStoreSearch({
    country: country || undefined,
    priceRange: priceRange || undefined,
    selectedCategory: category || undefined,
    selectedSubCategory: category === 'Furniture' ? furnitureType : undefined,
    item: item || undefined,
  });

  return (
    <>
      <Button
        variant="secondary"
        {...openCommand}
        onClick={() => {
          openCommand.onClick();
          setOpened(true);
        }}
      >
        <ShoppingBag className="size-5" aria-hidden /> Shop for These Items
      </Button>
      <NativeDialog
        id={dialogId}
        ref={dialog}
        title="Shop for These Items"
        description="Find stores for your new look. Available for the UK, US, Canada and Australia."
        className="max-w-lg"
      >
        <section aria-labelledby={headingId} className="mb-6 space-y-3">
          <h3 id={headingId} className="text-base font-bold">
            Items in this design
          </h3>
          <DesignItemsPicker items={items} chosen={item} onChoose={chooseItem} category={category} />
        </section>

        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Country" value={country} options={STORE_COUNTRIES} placeholder="Choose a country" onChange={setCountry} />
          <SelectField
            label="Price range"
            value={priceRange}
            options={PRICE_RANGES}
            optionLabel={(tier) => (country ? priceInCurrency(tier, country) : tier)}
            placeholder="Choose a price range"
            onChange={setPriceRange}
          />
          <SelectField
            label="Category"
            value={category}
            options={STORE_CATEGORIES}
            placeholder="Choose a category"
            onChange={setCategory}
          />
          {category === 'Furniture' && (
            <SelectField label="Furniture type" value={furnitureType} options={FURNITURE_TYPES} onChange={setFurnitureType} />
          )}
        </div>

        {country && (
          <p className="mt-3 text-sm text-slate-600">
            Prices in {STORE_CURRENCY[country].code} ({STORE_CURRENCY[country].symbol}), the currency of {country} stores.
          </p>
        )}
        <section aria-label="Stores" aria-live="polite" aria-busy={search.isFetching} className="mt-6">
          <StoreList ready={ready} search={search} />
        </section>
      </NativeDialog>
    </>
  );
}
