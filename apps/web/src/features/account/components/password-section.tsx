import { PASSWORD_MAX, PASSWORD_MIN } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { useSetAccountPassword } from '../api/set-password';

const text = messages.password;

type Outcome = { kind: 'success' | 'error'; message: string } | null;

/**
 * Password (ADR 029): 'Set a password' when the account has none (after the first proof of an account a
 * checkout made, ADR 023, or for someone who always used a link or Google), 'Change password' when it has
 * one. What was typed stays after a refusal; the outcome is shown here, in the page.
 */
export function PasswordSection({ hasPassword }: { hasPassword: boolean }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ next?: string; confirm?: string }>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const save = useSetAccountPassword();
  const title = hasPassword ? text.changeTitle : text.setTitle;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (next.length < PASSWORD_MIN) found.next = messages.validation.passwordTooShort;
    if (next !== confirm) found.confirm = messages.validation.passwordsDontMatch;
    setErrors(found);
    setOutcome(null);
    if (found.next || found.confirm) return;
    save.mutate(
      { newPassword: next, ...(hasPassword ? { currentPassword: current } : {}) },
      {
        onSuccess: (answer) => {
          setOutcome({ kind: 'success', message: answer.message });
          setCurrent('');
          setNext('');
          setConfirm('');
        },
        onError: (error) => setOutcome({ kind: 'error', message: errorMessage(error, text.updateFailed) }),
      },
    );
  };

  return (
    <section id="password" tabIndex={-1} aria-labelledby="password-title" className="scroll-mt-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="password-title" className="flex items-center gap-2 text-xl font-extrabold">
        <KeyRound className="size-5" aria-hidden /> {text.sectionTitle}
      </h2>
      {!hasPassword && <p className="mt-2 text-slate-700">{text.noPasswordIntro}</p>}
      <form className="mt-5 max-w-md space-y-4" onSubmit={submit} noValidate aria-label={title}>
        <h3 className="text-lg font-bold">{title}</h3>
        {hasPassword && (
          <PasswordField
            id="password-current"
            label={text.currentLabel}
            autoComplete="current-password"
            value={current}
            onChange={setCurrent}
          />
        )}
        <PasswordField
          id="password-new"
          label={text.newLabel}
          hint={`At least ${PASSWORD_MIN} characters.`}
          error={errors.next}
          autoComplete="new-password"
          value={next}
          onChange={setNext}
        />
        <PasswordField
          id="password-confirm"
          label={text.confirmLabel}
          error={errors.confirm}
          autoComplete="new-password"
          value={confirm}
          onChange={setConfirm}
        />
        {outcome?.kind === 'error' && (
          <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
            {outcome.message}
          </p>
        )}
        {outcome?.kind === 'success' && (
          <p role="status" className="rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-800">
            {outcome.message}
          </p>
        )}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? text.saving : title}
        </Button>
      </form>
    </section>
  );
}

/** One password field of the form, with its label, hint and error. */
function PasswordField({
  id,
  label,
  hint,
  error,
  autoComplete,
  value,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <Input
        id={id}
        type="password"
        autoComplete={autoComplete}
        maxLength={PASSWORD_MAX}
        aria-invalid={Boolean(error)}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}
