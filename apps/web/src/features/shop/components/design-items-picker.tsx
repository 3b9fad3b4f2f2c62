import type { ShoppableItem } from '@rv/contracts/api/designs';
import { Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import type { FurnitureType, StoreCategory } from '../api/search-stores';

export interface ChosenItem {
  name: string;
  category?: StoreCategory;
  furnitureType?: FurnitureType | null;
}

/** The design's own items to shop for, one pressed at a time, or one typed (searched in `category`, else Decor). */
export function DesignItemsPicker({
  items,
  chosen,
  onChoose,
  category,
}: {
  items: ShoppableItem[];
  chosen: string;
  onChoose: (item: ChosenItem) => void;
  category: StoreCategory | '';
}) {
  const [typed, setTyped] = useState('');
  const typedId = useId();
  const searchTyped = (event: FormEvent) => {
    event.preventDefault();
    const name = typed.trim().replace(/\s+/g, ' ').slice(0, 120);
    if (name) onChoose({ name, category: category || 'Decor' });
  };
  return (
    <>
      {items.length > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {items.map((shoppable) => (
            <li key={shoppable.name}>
              <button
                type="button"
                aria-pressed={chosen === shoppable.name}
                onClick={() => onChoose(shoppable)}
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
    </>
  );
}
