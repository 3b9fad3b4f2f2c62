import { GENERATION_TIME_TEXT, LOADING_STEPS } from '@rv/contracts/constants';
import { Check, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';

export const ROOM_DESIGN_STEPS = [
  'Analysing your room',
  'Planning the layout',
  'Placing your pieces',
  'Lighting and materials',
  'Final touches',
] as const;

export const KITCHEN_BATHROOM_STEPS = [
  'Analysing your space',
  'Mapping the surfaces',
  'Applying your finishes',
  'Lighting and materials',
  'Final touches',
] as const;

/**
 * The loading screen while a design is created: five steps at 0, 3, 6, 9 and 12 seconds with bar
 * widths of 20, 40, 60, 80 and 100 percent. It starts over each time it is shown.
 */
export function LoadingProgress({
  title,
  steps = ROOM_DESIGN_STEPS,
}: {
  title: string;
  steps?: readonly [string, string, string, string, string];
}) {
  const [step, setStep] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // The form that started it is hidden now: bring the progress into view and give it the focus.
    window.scrollTo({ top: 0 });
    heading.current?.focus();
    const timers = LOADING_STEPS.map(({ atMs }, index) => window.setTimeout(() => setStep(index), atMs));
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, []);

  const width = LOADING_STEPS[step]?.widthPercent ?? 100;
  const current = steps[step] ?? steps[steps.length - 1];

  return (
    <section aria-labelledby="loading-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="loading-title" ref={heading} tabIndex={-1} className="text-2xl font-extrabold focus:outline-none">
        {title}
      </h2>
      <p className="mt-2 text-slate-700">This usually takes {GENERATION_TIME_TEXT.design}. Please keep this page open.</p>

      <div
        role="progressbar"
        aria-label="Design progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={width}
        aria-valuetext={`${current} (${width}%)`}
        className="mt-6 h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          data-testid="loading-progress-bar"
          className="h-full rounded-full bg-brand-700 transition-[width] duration-700 ease-out motion-reduce:transition-none"
          style={{ width: `${width}%` }}
        />
      </div>
      <p role="status" className="mt-3 font-semibold text-slate-900">
        {current}...
      </p>

      <ol className="mt-6 space-y-2">
        {steps.map((text, index) => (
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
