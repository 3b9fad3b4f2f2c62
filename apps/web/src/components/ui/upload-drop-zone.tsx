import { UPLOAD } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { ImagePlus, X } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { hasImageSignature } from '@/lib/image-signature';

/** The spec's 'Upload item': a picked file and its object-URL preview. */
export interface UploadItem {
  id: string;
  file: File;
  preview: string;
}

const accept = [...UPLOAD.mimeTypes, ...UPLOAD.extensions.map((extension) => `.${extension}`)].join(',');

/** JPG, PNG or WebP (by both MIME type and extension), at most 10MB. HEIC, AVIF and anything else are refused. */
export function isAcceptedImage(file: File): boolean {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return (
    (UPLOAD.mimeTypes as readonly string[]).includes(file.type) &&
    (UPLOAD.extensions as readonly string[]).includes(extension) &&
    file.size <= UPLOAD.maxBytes
  );
}

export function createUploadItem(file: File): UploadItem {
  return { id: crypto.randomUUID(), file, preview: URL.createObjectURL(file) };
}

export function revokeUploadItems(items: readonly UploadItem[]) {
  for (const item of items) URL.revokeObjectURL(item.preview);
}

export interface UploadDropZoneProps {
  /** Id of the file input; the label, hint and error ids derive from it. */
  id: string;
  /** The input's accessible name, shown as the zone's title. */
  label: string;
  hint?: ReactNode;
  items: UploadItem[];
  onChange: (items: UploadItem[]) => void;
  /** Several files, or one (a new pick replaces it). */
  multiple?: boolean;
  maxFiles?: number;
  /** Called with the message to show when files are refused (wrong type, too large, too many). */
  onReject?: (message: string) => void;
  /** Shown inline under the zone and announced. */
  error?: string;
  /** Extra fields shown beside each uploaded item (descriptions, categories...). */
  renderItemDetails?: (item: UploadItem, index: number) => ReactNode;
  className?: string;
}

/**
 * A drop zone over a real, visually hidden file input: drag and drop, click, or Tab to it and press
 * Enter or Space. Previews are object URLs, revoked when an item is removed or the zone unmounts.
 */
export function UploadDropZone({
  id,
  label,
  hint,
  items,
  onChange,
  multiple = false,
  maxFiles = multiple ? Infinity : 1,
  onReject,
  error,
  renderItemDetails,
  className,
}: UploadDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const limit = multiple ? maxFiles : 1;
  const full = multiple && items.length >= limit;

  // Revoke what is still shown when the zone goes away. The check runs a moment later, so a zone that
  // is mounted again at once (React's development double mount) keeps the previews it still displays.
  const shown = useRef(items);
  useEffect(() => {
    shown.current = items;
  }, [items]);
  useEffect(() => {
    const current = shown;
    return () => {
      window.setTimeout(() => {
        if (!document.getElementById(id)) revokeUploadItems(current.current);
      }, 0);
    };
  }, [id]);

  /** Takes in the files that passed (`accepted`) beside what is shown now; `refused` of those offered did not. */
  const takeFiles = (accepted: File[], refused: boolean, current: UploadItem[]) => {
    let overflow: string | undefined;
    if (multiple) {
      const room = Math.max(0, limit - current.length);
      if (accepted.length > room) overflow = `You can add up to ${limit} photos here.`;
      const added = accepted.slice(0, room).map(createUploadItem);
      if (added.length > 0) onChange((shown.current = [...current, ...added]));
    } else {
      const [file] = accepted;
      if (accepted.length > 1) overflow = 'Please choose one photo.';
      if (file) {
        revokeUploadItems(current);
        onChange((shown.current = [createUploadItem(file)]));
      }
    }
    if (refused) onReject?.(messages.validation.unsupportedFile);
    else if (overflow) onReject?.(overflow);
  };

  /**
   * A pick or a drop: a file is taken only when its name, type and size are allowed and its first bytes
   * are those of an image (a text file named `.jpg` is refused on the spot, and never shown or sent).
   */
  const addFiles = async (files: File[]) => {
    if (files.length === 0) return;
    const typed = files.filter(isAcceptedImage);
    const images = await Promise.all(typed.map(hasImageSignature));
    const accepted = typed.filter((_, index) => images[index]);
    takeFiles(accepted, accepted.length < files.length, shown.current);
  };

  // A page the server rendered shows this zone before React runs it (a tool form, ADR 026): photos picked
  // meanwhile are in the input (the browser keeps its files); they are taken in as React takes over, in a
  // layout effect, so that the form's state has them before a press kept meanwhile is carried out.
  // Those are taken at once (a press may follow in the same task), then their bytes are checked: a file
  // that is not an image is taken out again and refused.
  const adoptPicked = useRef((files: File[]) => {
    const typed = files.filter(isAcceptedImage);
    takeFiles(typed, typed.length < files.length, shown.current);
    const taken = shown.current;
    void Promise.all(taken.map((item) => hasImageSignature(item.file))).then((images) => {
      const bad = taken.filter((_, index) => !images[index]);
      if (bad.length === 0) return;
      revokeUploadItems(bad);
      onChange((shown.current = shown.current.filter((item) => !bad.includes(item))));
      onReject?.(messages.validation.unsupportedFile);
    });
  });
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input?.files?.length) return;
    adoptPicked.current(Array.from(input.files));
    input.value = '';
  }, []);

  const remove = (item: UploadItem) => {
    URL.revokeObjectURL(item.preview);
    onChange(items.filter((other) => other.id !== item.id));
    inputRef.current?.focus();
  };

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    void addFiles(Array.from(event.dataTransfer.files));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      inputRef.current?.click();
    }
  };

  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('space-y-3', className)}>
      <label
        htmlFor={id}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors',
          'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
          dragging
            ? 'border-brand-600 bg-brand-50'
            : error
              ? 'border-red-600 bg-red-50'
              : 'border-slate-400 bg-white hover:border-brand-600',
        )}
      >
        <ImagePlus className="size-8 text-brand-700" aria-hidden />
        <span id={`${id}-label`} className="text-base font-semibold text-slate-900">
          {label}
        </span>
        {full ? (
          <span className="text-sm text-slate-700" aria-hidden>
            Maximum of {limit} photos reached
          </span>
        ) : (
          <>
            {/* A touch screen has no drag and drop nor click: it is told to tap (by CSS, so before any script too). */}
            <span className="text-sm text-slate-700 pointer-coarse:hidden" aria-hidden>
              {!multiple && items.length > 0
                ? 'Drag and drop or click to replace the photo'
                : `Drag and drop ${multiple ? 'photos' : 'a photo'} here, or click to browse`}
            </span>
            <span className="hidden text-sm text-slate-700 pointer-coarse:inline" aria-hidden>
              {!multiple && items.length > 0 ? 'Tap to replace the photo' : `Tap to choose ${multiple ? 'photos' : 'a photo'}`}
            </span>
          </>
        )}
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={accept}
          multiple={multiple}
          aria-labelledby={`${id}-label`}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          className="sr-only"
          onKeyDown={onKeyDown}
          onChange={(event) => {
            void addFiles(Array.from(event.target.files ?? []));
            // The same file can be picked again after it was removed.
            event.target.value = '';
          }}
        />
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {items.length > 0 && (
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
                  onClick={() => remove(item)}
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
      )}
    </div>
  );
}
