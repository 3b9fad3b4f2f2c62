import { STYLE_LENS } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';

const MARKER_LABELS: Record<(typeof STYLE_LENS.markers)[number], string> = {
  3: 'Good start',
  6: 'Taking shape',
  10: messages.styleLens.ready,
};

/** How many photos were added, with the markers at 3, 6 and 10 and what is still needed to analyse. */
export function PhotoProgress({ count }: { count: number }) {
  const { minPhotos, maxPhotos, markers } = STYLE_LENS;
  const hint =
    count < minPhotos
      ? `Add ${minPhotos - count} more photo${minPhotos - count === 1 ? '' : 's'} to analyse your style.`
      : count < maxPhotos
        ? `Ready to analyse. You can add ${maxPhotos - count} more for a sharper profile.`
        : 'Maximum reached: remove a photo to add a different one.';
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-slate-900" data-testid="style-photo-count">
          {count} of {maxPhotos} photos
        </p>
        <p className="text-sm text-slate-700">{hint}</p>
      </div>
      <div className="relative pt-1">
        <div
          role="progressbar"
          aria-label="Photos added"
          aria-valuemin={0}
          aria-valuemax={maxPhotos}
          aria-valuenow={count}
          aria-valuetext={`${count} of ${maxPhotos} photos`}
          className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className="h-full rounded-full bg-brand-700 transition-[width] duration-300 motion-reduce:transition-none"
            style={{ width: `${(Math.min(count, maxPhotos) / maxPhotos) * 100}%` }}
          />
        </div>
        <ol aria-label="Progress markers" className="relative mt-2 h-10 sm:h-12">
          {markers.map((marker) => {
            const reached = count >= marker;
            return (
              <li
                key={marker}
                data-reached={reached}
                className={cn(
                  'absolute flex -translate-x-1/2 flex-col items-center text-center text-xs last:translate-x-[-100%] last:items-end',
                  reached ? 'font-semibold text-brand-800' : 'text-slate-700',
                )}
                style={{ left: `${(marker / maxPhotos) * 100}%` }}
              >
                <span
                  aria-hidden
                  className={cn(
                    'flex size-5 items-center justify-center rounded-full border-2',
                    reached ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-400 bg-white',
                  )}
                >
                  {reached && <Check className="size-3" />}
                </span>
                <span className="mt-0.5 whitespace-nowrap">
                  {marker}
                  {/* On narrow screens only the numbers fit under the bar. */}
                  <span className="sr-only sm:not-sr-only">: {MARKER_LABELS[marker]}</span>
                  <span className="sr-only">{reached ? ' (reached)' : ' (not yet)'}</span>
                </span>
              </li>
            );
          })}
        </ol>
      </div>
    </div>
  );
}
