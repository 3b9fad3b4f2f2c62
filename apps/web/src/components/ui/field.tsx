import { PRESS } from '@rv/contracts/press';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';

const control =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-brand-200';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(control, 'h-11', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(control, 'min-h-28', className)} {...props} />;
}

/**
 * A field's error under it. `required` is the field's message for when it is left empty: it is in the page
 * from the start, hidden until it is the error, so that at a press on the form's submit button before React
 * runs the page, the page's inline keeper and lib/press/early-press.ts show it (`data-required-for` names the input).
 */
export function FieldError({ id, error, required }: { id: string; error?: string; required?: string }) {
  return (
    <>
      {required !== undefined && (
        <p
          id={`${id}-required`}
          {...{ [PRESS.requiredFor]: id }}
          role="alert"
          hidden={error !== required}
          className="text-sm font-medium text-red-700"
        >
          {required}
        </p>
      )}
      {error && error !== required && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

/** A labelled form field with an optional hint and error (and its message for when it is left empty), wired for screen readers. */
export function Field({
  id,
  label,
  hint,
  error,
  required,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  required?: string;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {children}
      {hint && <p className="text-sm text-slate-600">{hint}</p>}
      <FieldError id={id} error={error} required={required} />
    </div>
  );
}
