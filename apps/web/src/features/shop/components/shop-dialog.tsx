import { FURNITURE_TYPES, PRICE_RANGES, STORE_CATEGORIES, STORE_COUNTRIES } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import type { ShoppableItem } from '@rv/contracts/api/designs';
import { ExternalLink, Search, ShoppingBag } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import {
  useStoreCountry,
  useStoreSearch,
  type FurnitureType,
  type PriceRange,
  type StoreCategory,
  type StoreCountry,
} from '../api/search-stores';

const selectClass =
  'h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-200';

function SelectField<T extends string>({
  label,
  value,
  options,
  placeholder,
  onChange,
}: {
  label: string;
  value: T | '';
  options: readonly T[];
  placeholder?: string;
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <select id={id} className={selectClass} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The country the user chose last time, kept in this browser. */
const LAST_COUNTRY_KEY = 'rv-shop-country';
const lastCountry = (): StoreCountry | '' => {
  const saved = typeof localStorage === 'undefined' ? null : localStorage.getItem(LAST_COUNTRY_KEY);
  return (STORE_COUNTRIES as readonly string[]).includes(saved ?? '') ? (saved as StoreCountry) : '';
};

/**
 * 'Shop for These Items': starts from the design itself. Its items (listed when the design was made)
 * each open the stores of the chosen country and budget that sell the item's category, each with a
 * link searching that store for it; an item can also be typed. Without an item it is the spec's
 * directory: stores for a country, price range and category (and furniture type for Furniture). The
 * country starts from the user's location, then their last choice.
 */
export function ShopDialog({ items = [] }: { items?: ShoppableItem[] }) {
  const [open, setOpen] = useState(false);
  // Asked once the dialog is first opened, not on every results page load.
  const located = useStoreCountry(open).data?.country;
  const [chosenCountry, setChosenCountry] = useState<StoreCountry | ''>(lastCountry);
  const country = chosenCountry || located || '';
  const setCountry = (next: StoreCountry) => {
    setChosenCountry(next);
    localStorage.setItem(LAST_COUNTRY_KEY, next);
  };
  const [priceRange, setPriceRange] = useState<PriceRange | ''>('');
  const [category, setCategory] = useState<StoreCategory | ''>('');
  const [furnitureType, setFurnitureType] = useState<FurnitureType>('Sofa');
  const [item, setItem] = useState('');
  const [typed, setTyped] = useState('');
  const typedId = useId();

  const chooseItem = (next: { name: string; category?: StoreCategory; furnitureType?: FurnitureType | null }) => {
    setItem(next.name);
    if (next.category) setCategory(next.category);
    if (next.furnitureType) setFurnitureType(next.furnitureType);
    // An item asks for stores at once: a budget is assumed until the user picks one.
    if (!priceRange) setPriceRange('$$ Mid-range');
  };
  const searchTyped = (event: FormEvent) => {
    event.preventDefault();
    const name = typed.trim().replace(/\s+/g, ' ').slice(0, 120);
    if (name) chooseItem({ name, category: category || 'Decor' });
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
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary">
          <ShoppingBag className="size-5" aria-hidden /> Shop for These Items
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Shop for These Items"
        description="Find stores for your new look. Available for the UK, US, Canada and Australia."
      >
        <section aria-labelledby={`${typedId}-items`} className="mb-6 space-y-3">
          <h3 id={`${typedId}-items`} className="text-base font-bold">
            Items in this design
          </h3>
          {items.length > 0 ? (
            <ul className="flex flex-wrap gap-2">
              {items.map((shoppable) => (
                <li key={shoppable.name}>
                  <button
                    type="button"
                    aria-pressed={item === shoppable.name}
                    onClick={() => chooseItem(shoppable)}
                    className="rounded-full border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 aria-pressed:border-brand-700 aria-pressed:bg-brand-50 aria-pressed:text-brand-900"
                  >
                    {shoppable.name}
                    <span className="sr-only"> ({shoppable.category})</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">No items were listed for this design. Type one below, or browse stores by category.</p>
          )}
          <form onSubmit={searchTyped} className="flex flex-wrap items-end gap-2">
            <div className="min-w-0 flex-[1_1_12rem] space-y-1.5">
              <label htmlFor={typedId} className="block text-sm font-semibold text-slate-800">
                Or type an item
              </label>
              <Input
                id={typedId}
                value={typed}
                maxLength={120}
                placeholder="e.g. rattan pendant light"
                onChange={(e) => setTyped(e.target.value)}
              />
            </div>
            <Button type="submit" variant="secondary" disabled={!typed.trim()}>
              <Search className="size-4" aria-hidden /> Find stores
            </Button>
          </form>
        </section>

        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Country" value={country} options={STORE_COUNTRIES} placeholder="Choose a country" onChange={setCountry} />
          <SelectField
            label="Price range"
            value={priceRange}
            options={PRICE_RANGES}
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

        <section aria-label="Stores" aria-live="polite" aria-busy={search.isFetching} className="mt-6">
          {!ready ? (
            <p className="text-sm text-slate-600">Choose a country, price range and category to see stores.</p>
          ) : search.isPending ? (
            <p className="text-sm text-slate-600">Finding stores...</p>
          ) : search.isError ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {messages.tools.fetchStoresFailed}
            </p>
          ) : search.data.stores.length === 0 ? (
            <p className="text-sm text-slate-700">{messages.tools.noStores}</p>
          ) : (
            <ul className="space-y-3">
              {search.data.stores.map((store) => (
                <li key={store.id} className="rounded-xl border border-slate-200 p-4">
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div className="min-w-0">
                      <h3 className="flex flex-wrap items-center gap-2 text-base font-bold">
                        {store.name}
                        {store.ourPicks && (
                          <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-bold text-brand-800">Our Pick</span>
                        )}
                      </h3>
                      <p className="mt-0.5 text-sm text-slate-600">
                        {store.type} <span aria-hidden>·</span> <span aria-label={`Price ${store.price}`}>{store.price}</span>
                      </p>
                    </div>
                    {store.searchUrl && store.searchLabel ? (
                      <Button asChild size="sm">
                        <a href={store.searchUrl} target="_blank" rel="noopener noreferrer">
                          {store.searchLabel} <ExternalLink className="size-4" aria-hidden />
                          <span className="sr-only"> (opens in a new tab)</span>
                        </a>
                      </Button>
                    ) : (
                      <Button asChild variant="secondary" size="sm">
                        <a
                          href={store.link}
                          target="_blank"
                          rel="noopener noreferrer"
                          aria-label={`Visit ${store.name} (opens in a new tab)`}
                        >
                          Visit <ExternalLink className="size-4" aria-hidden />
                        </a>
                      </Button>
                    )}
                  </div>
                  <p className="mt-2 text-sm text-slate-700">{store.comments}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </DialogContent>
    </Dialog>
  );
}
