import { PASSWORD_MIN } from '@rv/contracts/constants';
import { emailSchema } from '@rv/contracts/email';
import { messages } from '@rv/contracts/messages';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { createAccount } from '../api/billing';
import { isPaymentRefunded, PaymentRefunded } from './payment-refunded';

/** Sets a password after payment; the server checks the subscription with the provider before creating anything. */
export function CreateAccountPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const rawEmail = search.get('email');
  const customerId = search.get('customer_id');
  const subscriptionId = search.get('subscription_id');
  // The name typed at checkout, kept on the account.
  const name = search.get('name')?.trim() || undefined;
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string; confirm?: string }>({});
  const [pending, setPending] = useState(false);
  // The server cancelled and refunded this payment: the e-mail got its account from another one (ADR 055).
  const [refunded, setRefunded] = useState<string | null>(null);

  if (!rawEmail || !customerId || !subscriptionId) {
    return (
      <div className="mx-auto max-w-md px-4 py-20 text-center">
        <h1 className="text-3xl font-extrabold">{messages.billing.invalidAccess}</h1>
        <p className="mt-3 text-slate-700">This page is reached after payment. Please start from checkout.</p>
        <Button asChild className="mt-8">
          <Link to={paths.checkout}>Go to Checkout</Link>
        </Button>
      </div>
    );
  }
  if (refunded) return <PaymentRefunded message={refunded} />;
  const parsedEmail = emailSchema.safeParse(rawEmail);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!parsedEmail.success) next.email = messages.validation.invalidEmail;
    if (password.length < PASSWORD_MIN) next.password = messages.validation.passwordTooShort;
    if (password !== confirm) next.confirm = messages.validation.passwordsDontMatch;
    setErrors(next);
    if (Object.keys(next).length || !parsedEmail.success) return;
    setPending(true);
    try {
      await createAccount({ email: parsedEmail.data, password, stripeCustomerId: customerId, stripeSubscriptionId: subscriptionId, name });
      toast.success(messages.billing.accountCreated);
      void navigate(paths.spaceSelection);
    } catch (error) {
      const reason = errorMessage(error, messages.billing.accountCreationFailed);
      if (isPaymentRefunded(reason)) setRefunded(reason);
      else
        toast.error(`${messages.billing.accountCreationFailedTitle}: ${messages.billing.accountCreationFailedBody}`, {
          description: reason,
        });
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-extrabold">Create your account</h1>
      <p className="mt-2 text-slate-700">Your payment went through. Choose a password to finish.</p>
      <form onSubmit={submit} noValidate className="mt-8 space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <Field id="account-email" label="Email" error={errors.email}>
          <Input id="account-email" type="email" value={parsedEmail.success ? parsedEmail.data : rawEmail} readOnly />
        </Field>
        <Field id="account-password" label="Password" hint={`At least ${PASSWORD_MIN} characters.`} error={errors.password}>
          <Input
            id="account-password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <Field id="account-confirm" label="Confirm password" error={errors.confirm}>
          <Input
            id="account-confirm"
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
        </Field>
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? 'Creating your account...' : 'Create Account'}
        </Button>
      </form>
    </div>
  );
}
