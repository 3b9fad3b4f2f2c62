import { ITEM_DESCRIPTION_MAX } from '@rv/contracts/constants';
import { Field, Input } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import type { ItemField } from '../tool-forms';

const selectClass =
  'h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-200';

/** One field beside an item photo: a text (with its length when it is counted) or a choice. */
export function ItemFieldInput({
  id,
  field,
  number,
  value,
  invalid,
  onChange,
}: {
  id: string;
  field: ItemField;
  number: number;
  value: string;
  invalid: boolean;
  onChange: (value: string) => void;
}) {
  if (field.options) {
    return (
      <div className="space-y-1.5">
        <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
          {field.label(number)}
        </label>
        <select id={id} className={selectClass} value={value} onChange={(event) => onChange(event.target.value)}>
          {field.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
    );
  }
  if (!field.counted) {
    return (
      <Field id={id} label={field.label(number)}>
        <Input
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={field.placeholder}
          maxLength={field.maxLength}
        />
      </Field>
    );
  }
  const length = value.trim().length;
  const tooLong = length > ITEM_DESCRIPTION_MAX;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {field.label(number)}
      </label>
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={field.placeholder}
        aria-required
        aria-invalid={invalid || tooLong || undefined}
        aria-describedby={`${id}-count`}
        className={cn((invalid || tooLong) && 'border-red-600')}
      />
      <p id={`${id}-count`} className={cn('text-right text-sm', tooLong ? 'font-medium text-red-700' : 'text-slate-700')}>
        {length}/{ITEM_DESCRIPTION_MAX} characters
      </p>
    </div>
  );
}
