import { messages } from '@rv/contracts/messages';
import { ExternalLink } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { useStoreSearch } from '../api/search-stores';

/** The stores found for the chosen country, budget and category (or what stands in their place). */
export function StoreList({ ready, search }: { ready: boolean; search: ReturnType<typeof useStoreSearch> }) {
  return !ready ? (
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
          {/* The store's button wraps its words and keeps to the card: a long search label ('Search IKEA for ...')
              goes under the name on a phone instead of running off it. */}
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
              <Button asChild size="sm" className="h-auto! max-w-full py-2 text-left whitespace-normal! [overflow-wrap:anywhere]">
                <a href={store.searchUrl} target="_blank" rel="noopener noreferrer">
                  {store.searchLabel} <ExternalLink className="size-4 shrink-0" aria-hidden />
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </Button>
            ) : (
              <Button asChild variant="secondary" size="sm">
                <a href={store.link} target="_blank" rel="noopener noreferrer" aria-label={`Visit ${store.name} (opens in a new tab)`}>
                  Visit <ExternalLink className="size-4" aria-hidden />
                </a>
              </Button>
            )}
          </div>
          <p className="mt-2 text-sm text-slate-700">{store.comments}</p>
        </li>
      ))}
    </ul>
  );
}
