import { LOADING_STEPS } from '@rv/contracts/constants';
import { Check, Loader2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type FiveSteps = readonly [string, string, string, string, string];

/**
 * A loading screen of five steps shown at 0, 3, 6, 9 and 12 seconds, with bar widths of 20, 40, 60, 80
 * and 100 percent (the spec's loading animation). It starts over each time it is shown, scrolls itself
 * into view and takes the focus, since the form that started it is hidden now.
 */
export function StepProgress({
  title,
  intro,
  label,
  steps,
  detail,
}: {
  title: string;
  intro: ReactNode;
  label: string;
  steps: FiveSteps;
  /** What the work is really doing, as its server last said (a design's event stream). */
  detail?: string | undefined;
}) {
  const [step, setStep] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();

  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus();
    const timers = LOADING_STEPS.map(({ atMs }, index) => window.setTimeout(() => setStep(index), atMs));
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, []);

  const width = LOADING_STEPS[step]?.widthPercent ?? 100;
  const current = steps[step] ?? steps[steps.length - 1];

  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id={titleId} ref={heading} tabIndex={-1} className="text-2xl font-extrabold focus:outline-none">
        {title}
      </h2>
      <p className="mt-2 text-slate-700">{intro}</p>

      <div
        role="progressbar"
        aria-label={label}
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
      {detail && (
        <p data-testid="work-progress" aria-live="polite" className="mt-1 text-sm text-slate-700">
          {detail}
        </p>
      )}

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
