import type { ReactNode } from 'react';
import { ImagePlus } from 'lucide-react';
import { cn } from '@/lib/cn';
import { FieldError } from './field';
import { ACCEPTED_IMAGES, type UploadItem } from './upload-items';
import { UploadPreviewList } from './upload-preview-list';
import { useUploadDropZone } from './use-upload-drop-zone';

export { createUploadItem, isAcceptedImage, revokeUploadItems, type UploadItem } from './upload-items';

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
  /**
   * The message when the form is sent without a photo here. It is in the page from the start, hidden until
   * it is the error, so that a press on the form's submit button before React runs the page shows it at once
   * (the page's inline keeper and lib/press/early-press.ts unhide it: `data-required-for` names the input).
   */
  required?: string;
  /** Extra fields shown beside each uploaded item (descriptions, categories...). */
  renderItemDetails?: (item: UploadItem, index: number) => ReactNode;
  className?: string;
}

/**
 * A drop zone over a real, visually hidden file input: drag and drop, click, or Tab to it and press
 * Enter or Space. Previews are object URLs, revoked when an item is removed or the zone unmounts
 * (useUploadDropZone checks and keeps the files).
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
  required,
  renderItemDetails,
  className,
}: UploadDropZoneProps) {
  const limit = multiple ? maxFiles : 1;
  const full = multiple && items.length >= limit;
  const { inputRef, dragging, setDragging, addFiles, remove, onDrop, onKeyDown } = useUploadDropZone({
    id,
    items,
    onChange,
    multiple,
    limit,
    onReject,
  });

  const errorId = error && error === required ? `${id}-required` : `${id}-error`;
  const describedBy = [hint ? `${id}-hint` : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

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
          accept={ACCEPTED_IMAGES}
          multiple={multiple}
          aria-labelledby={`${id}-label`}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          className="sr-only"
          onKeyDown={onKeyDown}
          onChange={(event) => {
            addFiles(Array.from(event.target.files ?? []));
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
      <FieldError id={id} error={error} required={required} />
      {items.length > 0 && <UploadPreviewList items={items} onRemove={remove} renderItemDetails={renderItemDetails} />}
    </div>
  );
}
