import { ChevronLeft, ChevronRight, GripVertical, X } from 'lucide-react';
import { useState, type DragEvent, type KeyboardEvent } from 'react';
import type { UploadItem } from '@/components/ui/upload-drop-zone';
import { cn } from '@/lib/cn';

/** The item at `from` moved to `to`, everything else in order. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

export const handleId = (itemId: string) => `style-photo-${itemId}-handle`;
const earlierId = (itemId: string) => `style-photo-${itemId}-earlier`;
const laterId = (itemId: string) => `style-photo-${itemId}-later`;
const DRAG_TYPE = 'application/x-style-photo';

/**
 * The chosen photos in order. Reorder by dragging a photo onto another (mouse), or from the keyboard:
 * Alt + an arrow key on a photo's handle, or its Move earlier / Move later buttons. Each move and
 * removal is announced.
 */
export function StylePhotoGrid({
  photos,
  onMove,
  onRemove,
}: {
  photos: UploadItem[];
  onMove: (from: number, to: number) => void;
  onRemove: (item: UploadItem) => void;
}) {
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const total = photos.length;

  const move = (from: number, to: number, focusId?: string) => {
    const item = photos[from];
    if (!item || to < 0 || to >= total || from === to) return;
    onMove(from, to);
    setAnnouncement(`${item.file.name} moved to position ${to + 1} of ${total}.`);
    // The list re-renders in its new order; keep the focus on the photo that moved.
    window.setTimeout(() => document.getElementById(focusId ?? handleId(item.id))?.focus(), 0);
  };

  const remove = (index: number) => {
    const item = photos[index];
    if (!item) return;
    const neighbour = photos[index + 1] ?? photos[index - 1];
    onRemove(item);
    setAnnouncement(`${item.file.name} removed. ${total - 1} photo${total - 1 === 1 ? '' : 's'} left.`);
    if (neighbour) window.setTimeout(() => document.getElementById(handleId(neighbour.id))?.focus(), 0);
  };

  const onHandleKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (!event.altKey) return;
    const step =
      event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : 0;
    if (step === 0) return;
    event.preventDefault();
    move(index, index + step);
  };

  // Only our own photos are reordered here; files dragged in from the desktop belong to the drop zone.
  const isOwnDrag = (event: DragEvent) => event.dataTransfer.types.includes(DRAG_TYPE);

  if (total === 0) return null;

  return (
    <div>
      <p id="style-photos-reorder-help" className="mb-3 text-sm text-slate-700">
        Drag photos to reorder them, or use the arrows. From the keyboard: focus a photo&apos;s handle and press Alt with an arrow key.
      </p>
      <ol aria-label="Your style photos" className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-5">
        {photos.map((item, index) => (
          <li
            key={item.id}
            draggable
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData(DRAG_TYPE, item.id);
              event.dataTransfer.setData('text/plain', item.file.name);
              setDragged(item.id);
            }}
            onDragEnd={() => {
              setDragged(null);
              setOver(null);
            }}
            onDragOver={(event) => {
              if (!isOwnDrag(event)) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
              setOver(item.id);
            }}
            onDragLeave={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget as Node | null))
                setOver((current) => (current === item.id ? null : current));
            }}
            onDrop={(event) => {
              if (!isOwnDrag(event)) return;
              event.preventDefault();
              const from = photos.findIndex((photo) => photo.id === event.dataTransfer.getData(DRAG_TYPE));
              setDragged(null);
              setOver(null);
              if (from >= 0) move(from, index);
            }}
            data-testid="style-photo"
            className={cn(
              'relative flex flex-col rounded-xl border bg-white p-2 transition-shadow',
              dragged === item.id ? 'border-brand-600 opacity-50' : 'border-slate-200',
              over === item.id && dragged !== item.id && 'ring-2 ring-brand-600',
            )}
          >
            <StylePhotoControls
              item={item}
              index={index}
              total={total}
              onRemove={() => remove(index)}
              onMove={(to, focusId) => move(index, to, focusId)}
              onHandleKeyDown={(event) => onHandleKeyDown(event, index)}
            />
          </li>
        ))}
      </ol>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

/** One style photo's picture, its number, Remove, and its Move earlier / reorder handle / Move later buttons. */
function StylePhotoControls({
  item,
  index,
  total,
  onRemove,
  onMove,
  onHandleKeyDown,
}: {
  item: UploadItem;
  index: number;
  total: number;
  onRemove: () => void;
  /** Moves the photo to position `to`; the focus then goes to focusId (the handle when none). */
  onMove: (to: number, focusId?: string) => void;
  onHandleKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
}) {
  return (
    <>
      <div className="relative">
        <img
          src={item.preview}
          alt={`Style photo ${index + 1}: ${item.file.name}`}
          draggable={false}
          className="aspect-square w-full rounded-lg bg-slate-100 object-cover"
        />
        <span className="absolute top-1.5 left-1.5 rounded-full bg-slate-900/80 px-2 py-0.5 text-xs font-bold text-white" aria-hidden>
          {index + 1}
        </span>
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove ${item.file.name}`}
          className="absolute top-1.5 right-1.5 rounded-full bg-white p-1 text-slate-800 shadow hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
      <p className="mt-1 truncate text-xs text-slate-700" title={item.file.name}>
        {item.file.name}
      </p>
      <div className="mt-1 flex items-center justify-between gap-1">
        <button
          type="button"
          id={earlierId(item.id)}
          // The focus stays on this button while it can still move the photo, else it goes to the handle.
          onClick={() => onMove(index - 1, index - 1 > 0 ? earlierId(item.id) : undefined)}
          disabled={index === 0}
          aria-label={`Move ${item.file.name} earlier`}
          className="rounded-md p-1 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-30"
        >
          <ChevronLeft className="size-4" aria-hidden />
        </button>
        <button
          id={handleId(item.id)}
          type="button"
          aria-label={`Reorder ${item.file.name}, photo ${index + 1} of ${total}`}
          aria-describedby="style-photos-reorder-help"
          onKeyDown={onHandleKeyDown}
          className="cursor-grab rounded-md p-1 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 active:cursor-grabbing"
        >
          <GripVertical className="size-4" aria-hidden />
        </button>
        <button
          type="button"
          id={laterId(item.id)}
          onClick={() => onMove(index + 1, index + 1 < total - 1 ? laterId(item.id) : undefined)}
          disabled={index === total - 1}
          aria-label={`Move ${item.file.name} later`}
          className="rounded-md p-1 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-30"
        >
          <ChevronRight className="size-4" aria-hidden />
        </button>
      </div>
    </>
  );
}
