import { messages } from '@rv/contracts/messages';
import { Sparkles } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useUserProfile } from '@/lib/user-profile';
import { PaletteSwatches } from './palette-swatches';

/**
 * On a design form: says that the saved StyleLens is applied, with a way to leave it out of this one
 * design. Renders nothing unless the person has a saved lens. The form sends `useStyleLens` ('true' or
 * 'false') in its multipart body.
 */
export function StyleLensNotice({ useLens, onChange }: { useLens: boolean; onChange: (use: boolean) => void }) {
  const profile = useUserProfile();
  const lens = profile.data?.styleLens;
  if (!lens || !profile.data?.styleSaveStatus) return null;

  return (
    <div
      role="group"
      aria-labelledby="style-lens-notice-title"
      className={cn('rounded-xl border px-4 py-3', useLens ? 'border-brand-200 bg-brand-50' : 'border-slate-200 bg-white')}
    >
      <div className="flex items-start gap-3">
        <Sparkles className={cn('mt-0.5 size-5 shrink-0', useLens ? 'text-brand-700' : 'text-slate-500')} aria-hidden />
        <div className="min-w-0 flex-1 space-y-2">
          <p id="style-lens-notice-title" className="font-semibold text-slate-900">
            {useLens ? messages.styleLens.applied : messages.styleLens.notApplied}
          </p>
          {useLens && (
            <>
              <p className="text-sm text-slate-700">{lens.human_summary.essence}</p>
              <PaletteSwatches palette={lens.human_summary.palette} size="sm" />
            </>
          )}
          <label className="flex items-center gap-2 text-sm text-slate-900">
            <input
              id="use-style-lens"
              type="checkbox"
              checked={useLens}
              onChange={(event) => onChange(event.target.checked)}
              className="size-4 accent-brand-700"
            />
            {messages.styleLens.useForDesign}
          </label>
        </div>
      </div>
    </div>
  );
}
