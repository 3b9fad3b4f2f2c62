import { messages } from '@rv/contracts/messages';
import { Download, Maximize2, Share2, Trash2 } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { dialogCommand } from '@/components/ui/native-dialog';
import { cn } from '@/lib/cn';
import { mediumDate } from '@/lib/dates';
import { imageDownloadUrl } from '@/features/designs/images/api/image-download-url';
import type { DesignTile } from '../lib/design-tiles';
import { ShareTileDialog, shareTileDialogId } from './share-tile-dialog';

export interface TileActions {
  onPreview: (tile: DesignTile) => void;
  onDelete: (tile: DesignTile) => void;
}

/** Older designs have no results page: say so, and leave download open (docs/product-rules.md#account-page). */
export function showNoResultsPage() {
  toast.info(messages.account.noResultsPageTitle, { description: messages.account.noResultsPage });
}

function Thumbnail({ tile, className }: { tile: DesignTile; className: string }) {
  const image = (
    <img
      src={tile.thumbUrl}
      alt={`${tile.name}${tile.roomType ? `, ${tile.roomType}` : ''}`}
      loading="lazy"
      decoding="async"
      className={className}
    />
  );
  const frame =
    'block overflow-hidden rounded-xl bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
  return tile.uniqueUrl ? (
    <Link to={tile.uniqueUrl} className={frame} aria-label={`Open ${tile.name}`}>
      {image}
    </Link>
  ) : (
    <button type="button" className={cn(frame, 'w-full')} onClick={showNoResultsPage} aria-label={`Open ${tile.name}`}>
      {image}
    </button>
  );
}

const iconButtonClass =
  'inline-flex size-9 items-center justify-center rounded-lg border border-slate-200 bg-white text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600';

function IconButton({ label, danger, ...props }: ComponentProps<'button'> & { label: string; danger?: boolean }) {
  return (
    <button
      type="button"
      {...props}
      aria-label={label}
      title={label}
      className={cn(iconButtonClass, danger && 'text-red-700 hover:bg-red-50')}
    />
  );
}

/** One saved image: thumbnail (linking to its results page), name, room type, date, and its actions (its share dialog with them). */
export function DesignTileCard({ tile, layout, actions }: { tile: DesignTile; layout: 'grid' | 'list'; actions: TileActions }) {
  const buttons = (
    <div className="flex gap-1.5">
      <IconButton label={`Preview ${tile.name}`} onClick={() => actions.onPreview(tile)}>
        <Maximize2 className="size-4" aria-hidden />
      </IconButton>
      <IconButton label={`Share ${tile.name}`} {...dialogCommand(shareTileDialogId(tile), 'show-modal')}>
        <Share2 className="size-4" aria-hidden />
      </IconButton>
      <ShareTileDialog tile={tile} />
      <a
        href={imageDownloadUrl(tile.design.id, tile.image.id)}
        download
        aria-label={`Download ${tile.name}`}
        title={`Download ${tile.name}`}
        className={iconButtonClass}
      >
        <Download className="size-4" aria-hidden />
      </a>
      <IconButton label={`Delete ${tile.name}`} onClick={() => actions.onDelete(tile)} danger>
        <Trash2 className="size-4" aria-hidden />
      </IconButton>
    </div>
  );
  const facts = (
    <div className="min-w-0">
      <p className="truncate font-semibold text-slate-900">{tile.name}</p>
      <p className="text-sm text-slate-600">
        {tile.roomType ?? 'Room type not set'} · <time dateTime={tile.createdAt}>{mediumDate(tile.createdAt)}</time>
      </p>
    </div>
  );
  if (layout === 'list') {
    return (
      <li data-testid="design-tile" className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
        <div className="w-28 shrink-0">
          <Thumbnail tile={tile} className="aspect-[4/3] w-full object-cover" />
        </div>
        <div className="flex flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          {facts}
          {buttons}
        </div>
      </li>
    );
  }
  return (
    <li data-testid="design-tile" className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm">
      <Thumbnail tile={tile} className="aspect-[4/3] w-full object-cover transition hover:scale-[1.02]" />
      {facts}
      {buttons}
    </li>
  );
}
