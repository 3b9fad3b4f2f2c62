import { messages } from '@rv/contracts/messages';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import type { CardDetails } from '../api/billing';
import { formatCardNumber, formatCvc, formatExpiry } from '../lib/card-format';

/**
 * The card form of the offline payment provider. It accepts Stripe's test numbers: 4242 4242 4242 4242
 * succeeds, 4000 0000 0000 0002 is declined with the provider's message ('Payment Failed'). Each field
 * shapes what is typed into it as a card reads (lib/card-format.ts) and asks a phone for its number pad;
 * a failure is told once, under the form (no toast besides).
 */
export function CardForm({ onPay, amountLabel }: { onPay: (card: CardDetails) => Promise<void>; amountLabel: string }) {
  const [card, setCard] = useState<CardDetails>({ number: '', expiry: '', cvc: '' });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();
  const set = (key: keyof CardDetails, format: (value: string) => string) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = format(event.target.value);
    setCard((c) => ({ ...c, [key]: value }));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setPending(true);
    setFailure(undefined);
    try {
      await onPay(card);
    } catch (error) {
      setFailure(errorMessage(error, 'Please try again.'));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Card payment">
      <Field id="card-number" label="Card number">
        <Input
          id="card-number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          value={card.number}
          onChange={set('number', formatCardNumber)}
          required
        />
      </Field>
      <div className="grid gap-4 min-[320px]:grid-cols-2">
        <Field id="card-expiry" label="Expiry (MM/YY)">
          <Input
            id="card-expiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={card.expiry}
            onChange={set('expiry', formatExpiry)}
            required
          />
        </Field>
        <Field id="card-cvc" label="CVC">
          <Input
            id="card-cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            value={card.cvc}
            onChange={set('cvc', formatCvc)}
            maxLength={4}
            required
          />
        </Field>
      </div>
      {failure && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {messages.billing.paymentFailed}: {failure}
        </p>
      )}
      <Button type="submit" className="w-full max-[319px]:h-auto max-[319px]:min-h-11 max-[319px]:py-2 max-[319px]:whitespace-normal" disabled={pending}>
        <Lock className="size-4" aria-hidden /> {pending ? 'Processing...' : `Pay Now ${amountLabel}`}
      </Button>
      <p className="text-center text-xs text-slate-600">Test mode: use 4242 4242 4242 4242 with any future date and CVC.</p>
    </form>
  );
}
