import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { paymentEvents, subscriptions, users } from '../db/schema';
import type { PaymentEvent, ProviderSubscription } from './payments-provider';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Copies a subscription's state onto the user it belongs to (access comes from these events only). */
async function syncUser(tx: Tx, subscriptionId: string) {
  const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  if (!sub) return;
  await tx
    .update(users)
    .set({ subscriptionStatus: sub.status, currentPeriodEnd: sub.currentPeriodEnd })
    .where(eq(users.stripeSubscriptionId, subscriptionId));
}

async function upsertSubscription(tx: Tx, s: ProviderSubscription, created: number) {
  await tx
    .insert(subscriptions)
    .values({
      id: s.id,
      customerId: s.customerId,
      email: s.customerEmail,
      status: s.status,
      currentPeriodEnd: s.currentPeriodEnd,
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      lastEventAt: created,
    })
    .onConflictDoUpdate({
      target: subscriptions.id,
      set: { status: s.status, currentPeriodEnd: s.currentPeriodEnd, cancelAtPeriodEnd: s.cancelAtPeriodEnd, lastEventAt: created },
      // An event older than the newest one applied never overwrites newer state.
      setWhere: sql`${subscriptions.lastEventAt} <= ${created}`,
    });
}

/**
 * Applies one provider event, exactly once: its id is recorded in the same transaction as its effect,
 * so a redelivered event changes nothing. Credits are reset once per paid invoice.
 */
export async function applyPaymentEvent(db: Db, event: PaymentEvent): Promise<'applied' | 'duplicate'> {
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(paymentEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
    if (inserted.length === 0) return 'duplicate';

    switch (event.type) {
      case 'checkout.session.completed': {
        const { subscriptionId, customerId, customerEmail } = event.session;
        if (!subscriptionId || !customerId || !customerEmail) break;
        // Stripe does not order its events: a subscription row made by an earlier event lacks the e-mail.
        await tx
          .insert(subscriptions)
          .values({ id: subscriptionId, customerId, email: customerEmail, status: 'incomplete' })
          .onConflictDoUpdate({ target: subscriptions.id, set: { email: customerEmail }, setWhere: sql`${subscriptions.email} = ''` });
        // The hosted checkout has no password step: the paid buyer's account is made here.
        await tx
          .insert(users)
          .values({
            id: randomUUID(),
            email: customerEmail,
            emailVerified: true,
            stripeCustomerId: customerId,
            stripeSubscriptionId: subscriptionId,
          })
          .onConflictDoUpdate({ target: users.email, set: { stripeCustomerId: customerId, stripeSubscriptionId: subscriptionId } });
        await syncUser(tx, subscriptionId);
        break;
      }
      case 'invoice.paid': {
        const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, event.subscriptionId));
        if (!sub) {
          // Paid before we heard of the subscription: keep the payment; the e-mail comes with checkout completion.
          await tx.insert(subscriptions).values({
            id: event.subscriptionId,
            customerId: event.customerId,
            email: '',
            status: 'active',
            currentPeriodEnd: event.periodEnd,
            lastPaidInvoiceId: event.invoiceId,
          });
          break;
        }
        await tx
          .update(subscriptions)
          .set({ status: 'active', currentPeriodEnd: event.periodEnd, lastPaidInvoiceId: event.invoiceId })
          .where(eq(subscriptions.id, sub.id));
        if (sub.lastPaidInvoiceId !== event.invoiceId) {
          await tx.update(users).set({ transformationsUsed: 0 }).where(eq(users.stripeSubscriptionId, sub.id));
        }
        await syncUser(tx, sub.id);
        break;
      }
      case 'invoice.payment_failed': {
        await tx.update(subscriptions).set({ status: 'past_due' }).where(eq(subscriptions.id, event.subscriptionId));
        await syncUser(tx, event.subscriptionId);
        break;
      }
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const state =
          event.type === 'customer.subscription.deleted' ? { ...event.subscription, status: 'canceled' as const } : event.subscription;
        await upsertSubscription(tx, state, event.created);
        await syncUser(tx, state.id);
        break;
      }
    }
    return 'applied';
  });
}
