import { ChevronDown } from 'lucide-react';
import type { RefObject } from 'react';
import { Field, Textarea } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { optionId } from '../hooks/use-tool-form';
import type { AdvancedChoice } from '../tool-forms';

/** The form's advanced choice (the Furnishing form's), folded, its answer said on the fold: its radio buttons, its problem, and the details field its answer asks for. */
export function AdvancedChoiceSection({
  advanced,
  detailsRef,
  open,
  onOpenChange,
  texts,
  onFieldChange,
  problem,
}: {
  advanced: AdvancedChoice;
  detailsRef: RefObject<HTMLDetailsElement | null>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  texts: Record<string, string>;
  onFieldChange: (name: string, value: string) => void;
  problem?: string;
}) {
  // Answered by default (advanced.answered) until another answer is picked: the first press never fails here.
  const answer = texts[advanced.field] || advanced.answered;
  return (
    <details
      ref={detailsRef}
      open={open}
      onToggle={(event) => onOpenChange(event.currentTarget.open)}
      className={cn('group rounded-xl border bg-white px-4 py-3', problem ? 'border-red-600' : 'border-slate-200')}
    >
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 focus-visible:outline-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
        <span className="text-xl font-bold text-slate-900">
          {advanced.title} <span className="text-base font-normal text-slate-700">{advanced.note}</span>
          <span className="block text-base font-normal text-slate-700">{advanced.summary(answer)}</span>
        </span>
        <ChevronDown className="size-5 transition-transform group-open:rotate-180" aria-hidden />
      </summary>
      <div className="mt-4 space-y-4">
        <fieldset className="space-y-2" aria-describedby={problem ? `${advanced.details.id}-error` : undefined}>
          <legend className="text-sm font-semibold text-slate-800">{advanced.legend}</legend>
          <p className="text-sm text-slate-700">{advanced.help}</p>
          <div className="flex gap-6">
            {advanced.options.map((option) => (
              <label key={option.value} className="flex items-center gap-2 text-base text-slate-900">
                <input
                  id={optionId(advanced, option.value)}
                  type="radio"
                  name={advanced.field}
                  value={option.value}
                  checked={answer === option.value}
                  onChange={() => onFieldChange(advanced.field, option.value)}
                  className="size-4 accent-brand-700"
                />
                {option.label}
              </label>
            ))}
          </div>
          {problem && (
            <p id={`${advanced.details.id}-error`} role="alert" className="text-sm font-medium text-red-700">
              {problem}
            </p>
          )}
        </fieldset>
        {answer === advanced.details.shownFor && (
          <Field id={advanced.details.id} label={advanced.details.label} hint={advanced.details.hint}>
            <Textarea
              id={advanced.details.id}
              name={advanced.details.field}
              value={texts[advanced.details.field]}
              onChange={(event) => onFieldChange(advanced.details.field, event.target.value)}
              maxLength={advanced.details.maxLength}
            />
          </Field>
        )}
      </div>
    </details>
  );
}
