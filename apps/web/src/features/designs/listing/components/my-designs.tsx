import type { UseQueryResult } from '@tanstack/react-query';
import { GRID_FORCED_BELOW_PX } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { LayoutGrid, List, Loader2 } from 'lucide-react';
import { memo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import type { DesignsPage } from '../api/get-designs';
import { designTiles } from '../lib/design-tiles';
import { useMediaQuery } from '@/lib/use-media-query';
import { DesignTileCard, type TileActions } from './design-tile-card';
import { Pagination } from '@/components/ui/pagination';

/**
 * My Designs: each saved image a tile, in a grid or a list (a grid below 768 px), six designs a page.
 * Memoised: the dialogs its tiles open belong to the section around it, and opening one leaves the grid as it is.
 */
export const MyDesigns = memo(function MyDesigns({
  designs,
  onPage,
  onOpenAutoSaved,
  actions,
}: {
  designs: UseQueryResult<DesignsPage>;
  onPage: (page: number) => void;
  onOpenAutoSaved: () => void;
  actions: TileActions;
}) {
  const wide = useMediaQuery(`(min-width: ${GRID_FORCED_BELOW_PX}px)`);
  const [chosen, setChosen] = useState<'grid' | 'list'>('grid');
  const layout = wide ? chosen : 'grid';
  const data = designs.data;
  const tiles = data ? designTiles(data.designs, { savedOnly: true }) : [];

  return (
    <section aria-labelledby="designs-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="designs-title" className="text-xl font-extrabold">
          My Designs
        </h2>
        <div className="flex items-center gap-2">
          {wide && (
            <div role="group" aria-label="Layout" className="flex rounded-lg border border-slate-300 p-0.5">
              {(
                [
                  ['grid', 'Grid view', LayoutGrid],
                  ['list', 'List view', List],
                ] as const
              ).map(([value, label, Icon]) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={chosen === value}
                  aria-label={label}
                  title={label}
                  onClick={() => setChosen(value)}
                  className={cn(
                    'inline-flex size-8 items-center justify-center rounded-md focus-visible:outline-2 focus-visible:outline-brand-600',
                    chosen === value ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100',
                  )}
                >
                  <Icon className="size-4" aria-hidden />
                </button>
              ))}
            </div>
          )}
          <Button variant="secondary" size="sm" onClick={onOpenAutoSaved}>
            Auto-saved Designs
          </Button>
        </div>
      </div>

      <div className="mt-5" aria-busy={designs.isFetching}>
        {designs.isError && !data ? (
          <p role="alert" className="text-red-800">
            {errorMessage(designs.error, messages.account.loadFailed)}
          </p>
        ) : !data ? (
          <Loader2 className="mx-auto size-6 animate-spin text-brand-700" aria-label="Loading your designs" />
        ) : tiles.length === 0 ? (
          <div className="rounded-xl bg-slate-50 px-4 py-10 text-center">
            <p className="font-semibold text-slate-800">{messages.empty.noSavedDesigns}</p>
            <p className="mt-1 text-sm text-slate-600">
              Every design you make is kept under Auto-saved Designs; save the ones you love to see them here.
            </p>
          </div>
        ) : (
          <ul
            data-testid="my-designs-list"
            data-layout={layout}
            className={cn(layout === 'grid' ? 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3' : 'flex flex-col gap-3')}
          >
            {tiles.map((tile) => (
              <DesignTileCard key={tile.key} tile={tile} layout={layout} actions={actions} />
            ))}
          </ul>
        )}
      </div>
      {data && (
        <div className="mt-5">
          <Pagination info={data} onPage={onPage} label="My Designs pages" />
        </div>
      )}
    </section>
  );
});
