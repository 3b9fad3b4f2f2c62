import { FURNITURE_TYPES, PRICE_RANGES, STORE_CATEGORIES, STORE_COUNTRIES } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { ExternalLink, ShoppingBag } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
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

/**
 * 'Shop for These Items': stores for a country, price range and category (and furniture type for
 * Furniture). The country starts from the user's location until they choose one.
 */
export function ShopDialog() {
  const [open, setOpen] = useState(false);
  // Asked once the dialog is first opened, not on every results page load.
  const located = useStoreCountry(open).data?.country;
  const [chosenCountry, setCountry] = useState<StoreCountry | ''>('');
  const country = chosenCountry || located || '';
  const [priceRange, setPriceRange] = useState<PriceRange | ''>('');
  const [category, setCategory] = useState<StoreCategory | ''>('');
  const [furnitureType, setFurnitureType] = useState<FurnitureType>('Sofa');

  const ready = Boolean(country && priceRange && category);
  const search = useStoreSearch({
    country: country || undefined,
    priceRange: priceRange || undefined,
    selectedCategory: category || undefined,
    selectedSubCategory: category === 'Furniture' ? furnitureType : undefined,
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
