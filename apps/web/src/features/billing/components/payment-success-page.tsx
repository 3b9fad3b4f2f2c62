import { messages } from '@rv/contracts/messages';
import { CheckCircle2, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { verifyPayment } from '../api/billing';
import { isPaymentRefunded, PaymentRefunded } from './payment-refunded';

type State = { step: 'verifying' } | { step: 'welcome'; outcome: string } | { step: 'error'; message: string };

/** What the server's answer means for the buyer (created: this browser is signed in to the new account). */
const WELCOME_TEXT: Record<string, string> = {
  created: 'Your account is ready and you are signed in. We e-mailed you a link to confirm your address.',
  subscribed: 'Your subscription is active again.',
  claimed: 'Your account is ready. Log in with the link we e-mailed you to continue.',
};

/** The hosted checkout's return page: verifies the session with the server, then welcomes the subscriber. */
export function PaymentSuccessPage() {
  const [search] = useSearchParams();
  const sessionId = search.get('session_id');
  const [state, setState] = useState<State>(sessionId ? { step: 'verifying' } : { step: 'error', message: messages.billing.noSessionId });
  const started = useRef(false);

  useEffect(() => {
    if (!sessionId || started.current) return;
    started.current = true;
    verifyPayment(sessionId)
      .then((answer) =>
        setState(answer.success ? { step: 'welcome', outcome: answer.message } : { step: 'error', message: answer.message }),
      )
      .catch((error) => setState({ step: 'error', message: errorMessage(error, messages.billing.accountCreationFailed) }));
  }, [sessionId]);

  if (state.step === 'verifying') {
    return (
      <div className="flex flex-col items-center gap-3 py-24 text-slate-700" role="status">
        <Loader2 className="size-8 animate-spin text-brand-700" aria-hidden />
        Setting up your account...
      </div>
    );
  }
  if (state.step === 'error' && isPaymentRefunded(state.message)) return <PaymentRefunded message={state.message} />;
  if (state.step === 'error') {
    return (
      <div className="mx-auto max-w-md px-4 py-20 text-center" role="alert">
        <h1 className="text-2xl font-extrabold">{messages.billing.accountSetupError}</h1>
        <p className="mt-3 text-slate-700">{state.message}</p>
        <p className="mt-2 text-slate-700">If you were charged, please contact support and we will sort it out.</p>
        <Button asChild variant="secondary" className="mt-8">
          <Link to={paths.home}>Return Home</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-lg px-4 py-20 text-center">
      <CheckCircle2 className="mx-auto size-14 text-green-600" aria-hidden />
      <h1 className="mt-4 text-3xl font-extrabold">Welcome to Room Visualizer!</h1>
      <p className="mt-3 text-slate-700">
        {messages.billing.subscriptionActive} {WELCOME_TEXT[state.outcome] ?? 'Your account is being set up.'}
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <Button asChild>
          <Link to={paths.spaceSelection}>Start Your Design</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to={paths.home}>Return Home</Link>
        </Button>
      </div>
    </div>
  );
}
