import { useId, useLayoutEffect, useRef } from 'react';

const selectClass =
  'h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-200';

/**
 * A labelled native select of one of the given options. On a page the server drew (the results page's shop),
 * a choice made before React ran the page is in the select: it is taken over as the choice when React takes
 * the page over (as the tool forms take over what was typed, ADR 026), rather than drawn over.
 */
export function SelectField<T extends string>({
  label,
  value,
  options,
  placeholder,
  optionLabel = (option) => option,
  onChange,
}: {
  label: string;
  value: T | '';
  options: readonly T[];
  placeholder?: string;
  /** What an option reads as, when not its value ('££ Mid-range' for '$$ Mid-range' in the UK). */
  optionLabel?: (option: T) => string;
  onChange: (value: T) => void;
}) {
  const id = useId();
  const select = useRef<HTMLSelectElement>(null);
  const chosenEarly = useRef(() => {
    const early = options.find((option) => option === select.current?.value);
    if (early && early !== value) onChange(early);
  });
  useLayoutEffect(() => chosenEarly.current(), []);
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <select ref={select} id={id} className={selectClass} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </div>
  );
}
