import { PLAN } from '@rv/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { getLocalCheckout, payLocalCheckout, type CardDetails } from '../api/billing';
import { CardForm } from './card-form';

/** The offline provider's hosted checkout page (what Stripe Checkout is in production). */
export function LocalCheckoutPage() {
  const { id = '' } = useParams();
  const session = useQuery({ queryKey: ['local-checkout', id], queryFn: () => getLocalCheckout(id) });
  const pay = async (card: CardDetails) => {
    const { redirectUrl } = await payLocalCheckout(id, card);
    window.location.assign(redirectUrl);
  };
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <p className="text-sm font-semibold tracking-wide text-slate-500 uppercase">Secure checkout (test mode)</p>
      <h1 className="mt-1 text-2xl font-extrabold">
        {PLAN.name}: ${PLAN.priceUsd}.00 / month
      </h1>
      {session.isError && (
        <p role="alert" className="mt-6 text-red-800">
          {errorMessage(session.error, 'This checkout page has expired.')}
        </p>
      )}
      {session.data && (
        <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <p className="mb-4 text-slate-700">
            Subscribing as <strong>{session.data.email}</strong>
          </p>
          <CardForm onPay={pay} amountLabel={`$${PLAN.priceUsd}.00`} />
          <a href={session.data.cancelUrl} className="mt-4 block text-center text-sm text-slate-700 hover:underline">
            Cancel and go back
          </a>
        </div>
      )}
    </div>
  );
}
