import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import type { UploadItem } from './upload-items';

/** The files an upload drop zone holds: each one's preview, its name and Remove, and any details beside it. */
export function UploadPreviewList({
  items,
  onRemove,
  renderItemDetails,
}: {
  items: UploadItem[];
  onRemove: (item: UploadItem) => void;
  renderItemDetails?: (item: UploadItem, index: number) => ReactNode;
}) {
  return (
    <ul className={renderItemDetails ? 'space-y-3' : 'grid grid-cols-2 gap-3 sm:grid-cols-4'}>
      {items.map((item, index) => (
        <li
          key={item.id}
          className={cn(
            'rounded-xl border border-slate-200 bg-white p-2',
            renderItemDetails && 'flex flex-col gap-3 p-3 sm:flex-row sm:items-start',
          )}
        >
          <div className={cn('relative shrink-0', renderItemDetails && 'sm:w-36')}>
            <img
              src={item.preview}
              alt={`Preview of ${item.file.name}`}
              className="aspect-square w-full rounded-lg bg-slate-100 object-cover"
            />
            <button
              type="button"
              onClick={() => onRemove(item)}
              aria-label={`Remove ${item.file.name}`}
              className="absolute top-1.5 right-1.5 rounded-full bg-white p-1 text-slate-800 shadow hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <X className="size-4" aria-hidden />
            </button>
            <p className="mt-1 truncate text-xs text-slate-700" title={item.file.name}>
              {item.file.name}
            </p>
          </div>
          {renderItemDetails && <div className="min-w-0 flex-1">{renderItemDetails(item, index)}</div>}
        </li>
      ))}
    </ul>
  );
}
