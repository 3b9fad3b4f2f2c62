import { messages } from '@rv/contracts/messages';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** The server's words for a payment that made no account, cancelled and refunded in full (ADR 055). */
const REFUNDED: readonly string[] = [messages.billing.paymentRefunded, messages.billing.secondSubscriptionRefunded];

export const isPaymentRefunded = (message: string) => REFUNDED.includes(message);

/** Says that this payment was refunded, in the server's words, and leads to signing in: nothing is left to sort out. */
export function PaymentRefunded({ message }: { message: string }) {
  return (
    <div className="mx-auto max-w-md px-4 py-20 text-center" role="alert">
      <h1 className="text-2xl font-extrabold">{messages.billing.paymentRefundedTitle}</h1>
      <p className="mt-3 text-slate-700">{message}</p>
      <Button asChild className="mt-8">
        <Link to={paths.login}>Log In</Link>
      </Button>
    </div>
  );
}
