import { messages } from '@rv/contracts/messages';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
// The pure entry loads Stripe.js when called, not on import (the offline provider's checkout imports this module too).
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';

let stripePromise: Promise<Stripe | null> | undefined;

/**
 * PAYMENTS=stripe: Stripe's Payment Element confirms the subscription's first payment with its client
 * secret, then Stripe returns the browser to `returnUrl` (the create-account page).
 */
export function StripePaymentForm({
  publishableKey,
  clientSecret,
  returnUrl,
  amountLabel,
}: {
  publishableKey: string;
  clientSecret: string;
  returnUrl: string;
  amountLabel: string;
}) {
  stripePromise ??= loadStripe(publishableKey);
  return (
    <Elements stripe={stripePromise} options={{ clientSecret }}>
      <ConfirmForm returnUrl={returnUrl} amountLabel={amountLabel} />
    </Elements>
  );
}

function ConfirmForm({ returnUrl, amountLabel }: { returnUrl: string; amountLabel: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setPending(true);
    const { error } = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl } });
    // Only reached when the payment failed: success leaves the page for return_url.
    const reason = error?.message ?? 'Please try again.';
    setFailure(reason);
    toast.error(messages.billing.paymentFailed, { description: reason });
    setPending(false);
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Card payment">
      <PaymentElement />
      {failure && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {messages.billing.paymentFailed}: {failure}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={!stripe || pending}>
        <Lock className="size-4" aria-hidden /> {pending ? 'Processing...' : `Pay Now ${amountLabel}`}
      </Button>
    </form>
  );
}
