import type { UserProfile } from '@rv/contracts/api/account';
import { PLAN } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { Bath, CreditCard, Sofa } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { longDate } from '@/lib/dates';
import { createPortalSession } from '../api/manage-subscription';

/** A portal refusal that mentions the billing portal or 'not activated' gets the spec's own text. */
function portalFailure(text: string): string {
  return /billing portal|not activated/i.test(text) ? messages.account.portalNotActivated : messages.account.portalOpenFailed;
}

/** Subscription & Billing: status, plan, next billing date, monthly usage, design tools, Manage Subscription. */
export function SubscriptionBilling({ profile }: { profile: UserProfile }) {
  const [opening, setOpening] = useState(false);
  // The default shown is active (docs/product-rules.md#account-page).
  const status = profile.subscriptionStatus || 'active';
  const active = status === 'active';
  const used = profile.transformationsUsed;
  const limit = profile.transformationsLimit;
  const percent = limit > 0 ? Math.min(100, (used / limit) * 100) : 100;
  const nextBilling = profile.stripeSubscriptionNextBillingDate ? longDate(profile.stripeSubscriptionNextBillingDate) : null;

  const manage = async () => {
    if (!profile.stripeCustomerId) {
      toast.error(messages.account.subscriptionAccessFailed);
      return;
    }
    setOpening(true);
    try {
      const answer = await createPortalSession(profile.stripeCustomerId, new URL(paths.account, window.location.origin).toString());
      if ('url' in answer) {
        window.location.assign(answer.url);
        return;
      }
      // No url: the server says why (no billing account yet, or the portal is not set up).
      toast.error(
        /billing portal|not activated/i.test(answer.message)
          ? messages.account.portalNotActivated
          : messages.account.subscriptionAccessFailed,
      );
    } catch (error) {
      toast.error(portalFailure(error instanceof ApiError ? error.userMessage : ''));
    }
    setOpening(false);
  };

  return (
    <section aria-labelledby="billing-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="billing-title" className="text-xl font-extrabold">
        Subscription &amp; Billing
      </h2>
      <dl className="mt-5 grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-3 sm:gap-x-6">
        <dt className="font-semibold text-slate-600">Status</dt>
        <dd>
          <span
            data-testid="subscription-status"
            className={cn(
              'inline-flex rounded-full px-3 py-0.5 text-sm font-semibold capitalize',
              active ? 'bg-green-100 text-green-800' : 'bg-red-100 text-red-800',
            )}
          >
            {status.replace(/_/g, ' ')}
          </span>
        </dd>
        <dt className="font-semibold text-slate-600">Plan</dt>
        <dd>{PLAN.name}</dd>
        <dt className="font-semibold text-slate-600">Next billing date</dt>
        <dd data-testid="next-billing-date">{nextBilling ?? 'Not scheduled'}</dd>
      </dl>

      <div className="mt-6">
        <div className="flex items-baseline justify-between">
          <h3 className="font-semibold text-slate-800" id="usage-title">
            Monthly usage
          </h3>
          <p data-testid="usage-text" className="text-sm text-slate-700">
            {used} / {limit} transformations
          </p>
        </div>
        <div
          role="progressbar"
          aria-labelledby="usage-title"
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={used}
          aria-valuetext={`${used} of ${limit} used`}
          className="mt-2 h-3 overflow-hidden rounded-full bg-slate-200"
        >
          <div data-testid="usage-bar" className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
        </div>
        <p className="mt-1 text-sm text-slate-600">{Math.max(0, limit - used)} left this month</p>
      </div>

      <div className="mt-6">
        <h3 className="font-semibold text-slate-800">Design Tools</h3>
        <div className="mt-2 flex flex-wrap gap-3">
          <Button asChild variant="secondary" size="sm">
            <Link to={paths.furnishing}>
              <Sofa className="size-4" aria-hidden /> Furnishing &amp; Decorating
            </Link>
          </Button>
          <Button asChild variant="secondary" size="sm">
            <Link to={paths.kitchenBathroom}>
              <Bath className="size-4" aria-hidden /> Kitchen &amp; Bathroom
            </Link>
          </Button>
        </div>
      </div>

      <Button className="mt-6" onClick={() => void manage()} disabled={opening}>
        <CreditCard className="size-4" aria-hidden /> {opening ? 'Opening...' : 'Manage Subscription'}
      </Button>
    </section>
  );
}
