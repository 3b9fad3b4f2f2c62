import { LOADING_STEPS } from '@rv/contracts/constants';
import { Check, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';

/** The StyleLens page's own wording for the five loading steps. */
export const STYLE_LENS_STEPS = [
  'Reading your photos',
  'Finding your palette',
  'Naming materials and forms',
  'Writing your style profile',
  'Final touches',
] as const;

/**
 * The loading animation while the photos are analysed: five steps at 0, 3, 6, 9 and 12 seconds with
 * bar widths 20, 40, 60, 80 and 100 percent, in the StyleLens page's own words.
 */
export function AnalysisProgress({ photoCount }: { photoCount: number }) {
  const [step, setStep] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus();
    const timers = LOADING_STEPS.map(({ atMs }, index) => window.setTimeout(() => setStep(index), atMs));
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, []);

  const width = LOADING_STEPS[step]?.widthPercent ?? 100;
  const current = STYLE_LENS_STEPS[step] ?? STYLE_LENS_STEPS[STYLE_LENS_STEPS.length - 1];

  return (
    <section aria-labelledby="style-lens-loading-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="style-lens-loading-title" ref={heading} tabIndex={-1} className="text-2xl font-extrabold focus:outline-none">
        Building your StyleLens
      </h2>
      <p className="mt-2 text-slate-700">
        We are reading the colours, materials and shapes of your {photoCount} photos. Please keep this page open.
      </p>
      <div
        role="progressbar"
        aria-label="StyleLens progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={width}
        aria-valuetext={`${current} (${width}%)`}
        className="mt-6 h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-brand-700 transition-[width] duration-700 ease-out motion-reduce:transition-none"
          style={{ width: `${width}%` }}
        />
      </div>
      <p role="status" className="mt-3 font-semibold text-slate-900">
        {current}...
      </p>
      <ol className="mt-6 space-y-2">
        {STYLE_LENS_STEPS.map((text, index) => (
          <li key={text} className={cn('flex items-center gap-2', index <= step ? 'text-slate-900' : 'text-slate-700')}>
            {index < step ? (
              <Check className="size-4 text-green-700" aria-hidden />
            ) : index === step ? (
              <Loader2 className="size-4 animate-spin text-brand-700 motion-reduce:animate-none" aria-hidden />
            ) : (
              <span className="size-4 rounded-full border-2 border-slate-400" aria-hidden />
            )}
            <span className={index === step ? 'font-semibold' : undefined}>{text}</span>
            <span className="sr-only">{index < step ? '(done)' : index === step ? '(in progress)' : '(waiting)'}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
