import { emailSchema } from '@rv/contracts/email';
import { PLAN } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { call, errorMessage } from '@/lib/api-client';
import { confirmCard, createCheckoutSession, createSubscription } from '../api/billing';
import { CardForm } from './card-form';
import { StripePaymentForm } from './stripe-payment-form';
import { getSiteConfig } from '@/lib/site-config';

type Subscription = { email: string; clientSecret: string; customerId: string; subscriptionId: string };

/**
 * The checkout's e-mail and name. The page is in the HTML from the start (rendered once, for every visitor,
 * ADR 018): what was typed before React ran it stays (the first script fills them from the address when
 * nothing was: lib/fill-from-address.ts), else the address's e-mail and name (from the landing's Subscribe
 * dialog) fill the fields.
 */
function useCheckoutFields() {
  const [search] = useSearchParams();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const emailInput = useRef<HTMLInputElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    setEmail(emailInput.current?.value || search.get('email') || '');
    setName(nameInput.current?.value || search.get('name') || '');
  }, [search]);
  return { email, setEmail, name, setName, emailInput, nameInput };
}

/**
 * 'Complete Your Subscription': the subscription is created as soon as the e-mail is valid (the name
 * falls back to the e-mail), then the card form appears; payment goes on to /create-account. A
 * signed-in subscriber subscribing again pays for their own account (the server uses its address)
 * and goes straight back to the tools.
 */
export function CheckoutPage() {
  const navigate = useNavigate();
  const { email, setEmail, name, setName, emailInput, nameInput } = useCheckoutFields();
  const [signedInEmail, setSignedInEmail] = useState<string | null>(null);
  const [subscription, setSubscription] = useState<Subscription>();
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string>();
  const { payments } = getSiteConfig();

  useEffect(() => {
    call('userProfile', {}, { skipUnauthorizedRedirect: true })
      .then((profile) => {
        setSignedInEmail(profile.email);
        setEmail(profile.email);
      })
      .catch(() => setSignedInEmail(null));
  }, [setEmail]);

  const parsed = email.includes('@') ? emailSchema.safeParse(email) : null;
  const validEmail = parsed?.success ? parsed.data : null;

  useEffect(() => {
    if (!validEmail || subscription?.email === validEmail) return;
    const timer = window.setTimeout(() => {
      setCreating(true);
      createSubscription(validEmail, name.trim() || validEmail)
        .then((created) => {
          if (!created.clientSecret || !created.customerId || !created.subscriptionId)
            throw new Error(created.error ?? messages.billing.createSubscriptionFailed);
          setSubscription({
            email: validEmail,
            clientSecret: created.clientSecret,
            customerId: created.customerId,
            subscriptionId: created.subscriptionId,
          });
          setError(undefined);
        })
        // Told once, under the e-mail it is about (no toast besides).
        .catch((caught) => setError(errorMessage(caught, messages.billing.createSubscriptionFailed)))
        .finally(() => setCreating(false));
    }, 500);
    return () => window.clearTimeout(timer);
  }, [validEmail, name, subscription?.email]);

  const pay = async (card: Parameters<typeof confirmCard>[1]) => {
    if (!subscription) return;
    await confirmCard(subscription.clientSecret, card);
    toast.success(messages.billing.subscriptionActive);
    void navigate(afterPayment(subscription));
  };

  const afterPayment = (paid: Subscription) =>
    // The name as typed now goes on with the payment (it may have been typed after the subscription was made).
    signedInEmail ? paths.spaceSelection : paths.createAccount(paid.email, paid.customerId, paid.subscriptionId, name.trim());

  const hosted = async () => {
    if (!validEmail) return;
    try {
      const { url } = await createCheckoutSession(validEmail, name.trim() || validEmail);
      if (!url) throw new Error(messages.billing.noCheckoutUrl);
      window.location.assign(url);
    } catch (caught) {
      const reason = errorMessage(caught, messages.billing.noCheckoutUrl);
      // A reason already shown under the e-mail is not told twice.
      if (reason !== error) toast.error(messages.billing.subscriptionError, { description: reason });
    }
  };

  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <CheckoutHeading />
      <div className="mt-8 space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm max-[319px]:p-3">
        <Field
          id="checkout-email"
          label="Email *"
          error={email.includes('@') && !validEmail ? messages.validation.invalidEmail : error}
          hint={signedInEmail ? 'You are signed in: the subscription is for this account.' : undefined}
        >
          <Input
            ref={emailInput}
            id="checkout-email"
            type="email"
            autoComplete="email"
            data-fill-from-address="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            readOnly={Boolean(signedInEmail)}
            required
          />
        </Field>
        {error === messages.billing.accountExistsSignIn && (
          <Button asChild variant="secondary" className="w-full">
            <Link to={paths.login}>Log In</Link>
          </Button>
        )}
        <NameField input={nameInput} name={name} onChange={setName} />
        {creating && (
          <p className="text-sm text-slate-600" role="status">
            Preparing your subscription...
          </p>
        )}
        {subscription && subscription.email === validEmail ? (
          payments.provider === 'stripe' && payments.publishableKey ? (
            <StripePaymentForm
              publishableKey={payments.publishableKey}
              clientSecret={subscription.clientSecret}
              returnUrl={`${window.location.origin}${afterPayment(subscription)}`}
              amountLabel={`$${PLAN.priceUsd}.00`}
            />
          ) : (
            <CardForm onPay={pay} amountLabel={`$${PLAN.priceUsd}.00`} />
          )
        ) : (
          !creating && !error && <p className="text-sm text-slate-600">Enter your email to continue to payment.</p>
        )}
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="w-full max-[319px]:h-auto max-[319px]:min-h-11 max-[319px]:py-2 max-[319px]:whitespace-normal"
          disabled={!validEmail}
          onClick={hosted}
        >
          Pay on a secure checkout page instead
        </Button>
      </div>
    </div>
  );
}

/** The page's heading and the plan. */
function CheckoutHeading() {
  return (
    <>
      {/* Under 320 CSS px (a phone at 200% zoom) the heading, the card's padding and long buttons give way: no sideways scroll. */}
      <h1 className="text-3xl font-extrabold break-words max-[319px]:text-2xl">Complete Your Subscription</h1>
      <p className="mt-2 text-slate-700">
        {PLAN.name}: ${PLAN.priceUsd}/month, {PLAN.transformationsPerMonth} room transformations, cancel anytime.
      </p>
    </>
  );
}

/** The name, optional (the address may fill it: lib/fill-from-address.ts). */
function NameField({ input, name, onChange }: { input: React.Ref<HTMLInputElement>; name: string; onChange: (name: string) => void }) {
  return (
    <Field id="checkout-name" label="Name (optional)">
      <Input
        ref={input}
        id="checkout-name"
        autoComplete="name"
        data-fill-from-address="name"
        value={name}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}
