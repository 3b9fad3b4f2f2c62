import { messages } from '@rv/contracts/messages';
import { Check, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { useDesigns } from '../api/get-designs';
import { mediumDateTime } from '@/lib/dates';
import { designTiles, type DesignTile } from '../lib/design-tiles';
import { Pagination } from '@/components/ui/pagination';

/** Auto-saved Designs: every image of every finished design, saved or not, with when it was made; an unsaved one can be saved. */
export function AutoSavedDesignsDialog({
  open,
  onOpenChange,
  onSave,
  onPreview,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSave: (tile: DesignTile) => void;
  onPreview: (tile: DesignTile) => void;
}) {
  const [page, setPage] = useState(1);
  const designs = useDesigns(page, 'all', { enabled: open });
  const data = designs.data;
  const tiles = data ? designTiles(data.designs, { savedOnly: false }) : [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Auto-saved Designs"
        description="Every design you have made is kept here. Save the ones you love to My Designs."
        className="max-w-4xl"
      >
        {designs.isError && !data ? (
          <p role="alert" className="text-red-800">
            {errorMessage(designs.error, messages.account.loadFailed)}
          </p>
        ) : !data ? (
          <Loader2 className="mx-auto size-6 animate-spin text-brand-700" aria-label="Loading your designs" />
        ) : tiles.length === 0 ? (
          <p className="rounded-xl bg-slate-50 px-4 py-10 text-center font-semibold text-slate-800">{messages.empty.noDesignsSaved}</p>
        ) : (
          <ul data-testid="auto-saved-list" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {tiles.map((tile) => (
              <li key={tile.key} data-testid="auto-saved-tile" className="flex flex-col gap-2 rounded-xl border border-slate-200 p-2">
                <button
                  type="button"
                  onClick={() => onPreview(tile)}
                  aria-label={`Preview ${tile.name}, image ${tile.ordinal}`}
                  className="overflow-hidden rounded-lg focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <img src={tile.thumbUrl} alt="" loading="lazy" className="aspect-[4/3] w-full object-cover" />
                </button>
                <div className="min-w-0">
                  <p className="truncate text-sm font-semibold">{tile.name}</p>
                  <p className="truncate text-xs text-slate-600">
                    {tile.roomType ? `${tile.roomType} · ` : ''}
                    <time dateTime={tile.createdAt}>{mediumDateTime(tile.createdAt)}</time>
                  </p>
                </div>
                {tile.saved ? (
                  <p className="inline-flex h-9 items-center justify-center gap-1 rounded-lg bg-green-50 text-sm font-semibold text-green-800">
                    <Check className="size-4" aria-hidden /> Saved
                  </p>
                ) : (
                  <Button size="sm" onClick={() => onSave(tile)} aria-label={`Save ${tile.name}, image ${tile.ordinal}`}>
                    Save
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {data && (
          <div className="mt-4">
            <Pagination info={data} onPage={setPage} label="Auto-saved Designs pages" />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
