import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { checkoutIntents, orphanPayments } from '../db/schema';
import type { PaymentEvent, PaymentsProvider } from './payments-provider';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A paid checkout that makes no account and links to no one (ADR 055): the e-mail has an account by now
 * (a second payment of a raced checkout, or an account made meanwhile), or the subscriber already has an
 * active subscription. Recorded in the transaction that found it, once per subscription, and its checkout
 * closed (the e-mail's next checkout is a new one); the refund follows after the commit
 * (refundOrphanPayments), since the provider is not called inside a transaction.
 */
export async function recordOrphanPayment(
  tx: Tx,
  orphan: { subscriptionId: string; customerId: string; email: string; checkoutIntentId: string },
): Promise<void> {
  await tx
    .insert(orphanPayments)
    .values({ id: orphan.subscriptionId, customerId: orphan.customerId, email: orphan.email, checkoutIntentId: orphan.checkoutIntentId })
    .onConflictDoNothing();
  await tx
    .update(checkoutIntents)
    .set({ closedAt: new Date() })
    .where(and(eq(checkoutIntents.id, orphan.checkoutIntentId), isNull(checkoutIntents.closedAt)));
}

/**
 * Cancels and refunds at the provider the orphan payments not yet refunded (only `subscriptionId`'s when
 * given). A refund the provider refuses keeps its reason on the row and is tried again at the next call
 * (the next event or return page of that payment); the provider refunds a subscription once, however
 * often it is asked. Answers whether `subscriptionId` is refunded now.
 */
export async function refundOrphanPayments(
  db: Db,
  payments: Pick<PaymentsProvider, 'refundSubscription'>,
  subscriptionId?: string,
): Promise<boolean> {
  const pending = await db
    .select({ id: orphanPayments.id })
    .from(orphanPayments)
    .where(and(isNull(orphanPayments.refundedAt), subscriptionId ? eq(orphanPayments.id, subscriptionId) : undefined));
  for (const { id } of pending) {
    try {
      await payments.refundSubscription(id);
      await db.update(orphanPayments).set({ refundedAt: new Date(), refundError: null }).where(eq(orphanPayments.id, id));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await db.update(orphanPayments).set({ refundError: reason }).where(eq(orphanPayments.id, id));
    }
  }
  if (!subscriptionId) return false;
  const [row] = await db
    .select({ refundedAt: orphanPayments.refundedAt })
    .from(orphanPayments)
    .where(eq(orphanPayments.id, subscriptionId));
  return Boolean(row?.refundedAt);
}

/** The subscription an event can have made an orphan of: a completed checkout's or a paid invoice's. */
export function paidSubscriptionOf(event: PaymentEvent): string | null {
  if (event.type === 'checkout.session.completed') return event.session.subscriptionId;
  if (event.type === 'invoice.paid') return event.subscriptionId;
  return null;
}
