import { UPLOAD } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { Camera, UserRound } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type ChangeEvent } from 'react';
import { cn } from '@/lib/cn';

/**
 * The profile picture: the stored one, or a preview of the file picked while editing (images only).
 * The parent gives each edit its own key, so an old error does not come back.
 */
export function AvatarPicker({
  currentUrl,
  file,
  onChange,
  editing,
  name,
}: {
  currentUrl: string | null;
  file: File | null;
  onChange: (file: File | null) => void;
  editing: boolean;
  name: string;
}) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [error, setError] = useState<string | null>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    event.target.value = '';
    if (!picked) return setError(messages.validation.noFile);
    if (!picked.type.startsWith('image/')) return setError(messages.validation.onlyImages);
    if (picked.size > UPLOAD.maxBytes) return setError(messages.validation.unsupportedFile);
    setError(null);
    onChange(picked);
  };

  const shown = preview ?? currentUrl;
  return (
    <div className="flex flex-col items-center gap-2">
      <div className="relative size-24 overflow-hidden rounded-full bg-brand-100 ring-2 ring-white shadow">
        {shown ? (
          <img src={shown} alt={`${name || 'Your'} profile picture`} className="size-full object-cover" width={96} height={96} />
        ) : (
          <UserRound className="size-full p-5 text-brand-700" aria-hidden />
        )}
      </div>
      {editing && (
        <>
          <input
            id={inputId}
            type="file"
            accept="image/*"
            className="sr-only"
            aria-describedby={error ? errorId : undefined}
            onChange={pick}
          />
          <label
            htmlFor={inputId}
            className={cn(
              'inline-flex cursor-pointer items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50',
              'focus-within:outline-2 focus-within:outline-brand-600',
            )}
          >
            <Camera className="size-4" aria-hidden /> Change photo
          </label>
          {error && (
            <p id={errorId} role="alert" className="max-w-56 text-center text-sm font-medium text-red-700">
              {error}
            </p>
          )}
        </>
      )}
    </div>
  );
}
