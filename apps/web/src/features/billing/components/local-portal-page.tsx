import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { longDate } from '@/lib/dates';
import { changeLocalPortal, getLocalPortal } from '../api/billing';

/** The offline provider's billing portal (what Stripe's Billing Portal is in production). */
export function LocalPortalPage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const portal = useQuery({ queryKey: ['local-portal', id], queryFn: () => getLocalPortal(id) });
  const change = useMutation({
    mutationFn: (action: 'cancel' | 'resume') => changeLocalPortal(id, action),
    onSuccess: (data) => queryClient.setQueryData(['local-portal', id], data),
    onError: (error) => toast.error(errorMessage(error, 'The change could not be made. Please try again.')),
  });
  const data = portal.data;
  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <p className="text-sm font-semibold tracking-wide text-slate-500 uppercase">Billing portal (test mode)</p>
      <h1 className="mt-1 text-2xl font-extrabold">Manage your subscription</h1>
      {portal.isError && (
        <p role="alert" className="mt-6 text-red-800">
          {errorMessage(portal.error, 'This billing session has expired.')}
        </p>
      )}
      {data && (
        <div className="mt-6 space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <p>{data.email}</p>
          <dl className="grid grid-cols-2 gap-2">
            <dt className="font-semibold">Status</dt>
            <dd data-testid="portal-status">
              {data.cancelAtPeriodEnd && data.status === 'active' ? 'Cancels at period end' : data.status}
            </dd>
            <dt className="font-semibold">{data.cancelAtPeriodEnd ? 'Access until' : 'Next billing date'}</dt>
            <dd>{longDate(data.currentPeriodEnd)}</dd>
          </dl>
          <div className="flex flex-wrap gap-3">
            {data.status !== 'canceled' &&
              (data.cancelAtPeriodEnd ? (
                <Button onClick={() => change.mutate('resume')} disabled={change.isPending}>
                  Resume subscription
                </Button>
              ) : (
                <Button variant="danger" onClick={() => change.mutate('cancel')} disabled={change.isPending}>
                  Cancel subscription
                </Button>
              ))}
            <Button asChild variant="secondary">
              <a href={data.returnUrl}>Return to Room Visualizer</a>
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
