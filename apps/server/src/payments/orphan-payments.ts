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
 * (refundOrphanPayment), since the provider is not called inside a transaction.
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
 * Cancels and refunds `subscriptionId` at the provider if it is an orphan payment not refunded yet. A
 * refund the provider refuses keeps its reason on the row and is tried again at the next call (the next
 * event or return page of that payment); the provider refunds a subscription once, however often it is
 * asked. Answers whether it is a refunded orphan now.
 */
export async function refundOrphanPayment(
  db: Db,
  payments: Pick<PaymentsProvider, 'refundSubscription'>,
  subscriptionId: string,
): Promise<boolean> {
  const [orphan] = await db
    .select({ refundedAt: orphanPayments.refundedAt })
    .from(orphanPayments)
    .where(eq(orphanPayments.id, subscriptionId));
  if (!orphan) return false;
  if (orphan.refundedAt) return true;
  try {
    await payments.refundSubscription(subscriptionId);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await db.update(orphanPayments).set({ refundError: reason }).where(eq(orphanPayments.id, subscriptionId));
    return false;
  }
  await db.update(orphanPayments).set({ refundedAt: new Date(), refundError: null }).where(eq(orphanPayments.id, subscriptionId));
  return true;
}

/** The subscription an event can have made an orphan of: a completed checkout's or a paid invoice's. */
export function paidSubscriptionOf(event: PaymentEvent): string | null {
  if (event.type === 'checkout.session.completed') return event.session.subscriptionId;
  if (event.type === 'invoice.paid') return event.subscriptionId;
  return null;
}
