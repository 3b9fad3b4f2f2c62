import { randomUUID } from 'node:crypto';
import { and, eq, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { checkoutIntents, paymentEvents, subscriptions, users } from '../db/schema';
import type { PaymentEvent, ProviderCheckoutSession, ProviderSubscription } from './payments-provider';
import { recordOrphanPayment } from './orphan-payments';

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

/** The states a subscription ends in for good: no later event brings it back. */
const ENDED_STATUSES = ['canceled', 'incomplete_expired'];
const notEnded = notInArray(subscriptions.status, ENDED_STATUSES);
/** The states that give access to the tools (auth's hasToolAccess). */
const GRANTING_STATUSES = ['active', 'trialing'];

/** The checkout our server opened for this session: its reference and its session id must both match. */
export const checkoutOfSession = (session: Pick<ProviderCheckoutSession, 'id'> & { reference: string }) =>
  and(eq(checkoutIntents.id, session.reference), eq(checkoutIntents.checkoutSessionId, session.id))!;

/**
 * Links a paid checkout to the user it was started for, once, by our own record of it (never by its
 * e-mail): a signed-in subscriber's new subscription becomes their current one; a hosted checkout
 * started signed out makes the new account for its e-mail, unverified, unless an account for that
 * e-mail appeared meanwhile (then nothing is linked and the buyer is told to sign in). The embedded
 * card flow's new account is made by create-account instead, with its password.
 */
async function linkCheckout(tx: Tx, where: SQL) {
  const [intent] = await tx.select().from(checkoutIntents).where(where).for('update');
  if (!intent || intent.linkedAt || !intent.subscriptionId || !intent.customerId) return;
  // The embedded card flow's new account is made by create-account, with its password.
  if (intent.createsAccount && !intent.checkoutSessionId) return;
  // A signed-in subscriber's intent names them: their new subscription replaces the old one (whose later
  // events then change nothing for them). A hosted checkout started signed out makes its account here.
  let userId = intent.userId;
  const orphan = { subscriptionId: intent.subscriptionId, customerId: intent.customerId, email: intent.email, checkoutIntentId: intent.id };
  if (!userId && intent.createsAccount) {
    // The e-mail got an account while this was paid (a second payment of a raced checkout, or an account
    // made meanwhile): nothing is linked, and the payment is refunded (ADR 055).
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, intent.email));
    if (taken) return recordOrphanPayment(tx, orphan);
    userId = randomUUID();
    await tx.insert(users).values({ id: userId, email: intent.email, name: intent.name ?? '', emailVerified: false });
  }
  if (!userId) return;
  // A subscriber whose other subscription became active meanwhile is not charged twice (ADR 055).
  const [subscriber] = await tx
    .select({ subscriptionId: users.stripeSubscriptionId, subscriptionStatus: users.subscriptionStatus })
    .from(users)
    .where(eq(users.id, userId));
  if (
    !intent.createsAccount &&
    subscriber &&
    subscriber.subscriptionId !== intent.subscriptionId &&
    GRANTING_STATUSES.includes(subscriber.subscriptionStatus)
  )
    return recordOrphanPayment(tx, orphan);
  await tx
    .update(users)
    .set({ stripeCustomerId: intent.customerId, stripeSubscriptionId: intent.subscriptionId })
    .where(eq(users.id, userId));
  await tx.update(checkoutIntents).set({ userId, linkedAt: new Date() }).where(eq(checkoutIntents.id, intent.id));
  await syncUser(tx, intent.subscriptionId);
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
      // An event older than the newest one applied never overwrites newer state, and an ended
      // subscription stays ended.
      setWhere: and(sql`${subscriptions.lastEventAt} <= ${created}`, notEnded),
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
        const { subscriptionId, customerId, customerEmail, reference } = event.session;
        if (!subscriptionId || !customerId) break;
        // Stripe does not order its events: a subscription row made by an earlier event lacks the e-mail.
        await tx
          .insert(subscriptions)
          .values({ id: subscriptionId, customerId, email: customerEmail ?? '', status: 'incomplete' })
          .onConflictDoUpdate({
            target: subscriptions.id,
            set: { email: customerEmail ?? '' },
            setWhere: sql`${subscriptions.email} = ''`,
          });
        if (!reference) break;
        // Only a session our server opened, under the reference it gave, links to anyone.
        const ours = checkoutOfSession({ id: event.session.id, reference });
        await tx
          .update(checkoutIntents)
          .set({ subscriptionId, customerId })
          .where(and(ours, isNull(checkoutIntents.subscriptionId)));
        await linkCheckout(tx, ours);
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
            lastEventAt: event.created,
          });
          await linkCheckout(tx, eq(checkoutIntents.subscriptionId, event.subscriptionId));
          break;
        }
        // Delivered after the subscription ended: it changes nothing (an ended subscription never returns).
        if (ENDED_STATUSES.includes(sub.status)) break;
        // Older than the newest state applied (a later failure or change): the credits still reset once
        // for this invoice, but the status and period stay as the newer event left them.
        const newest = event.created >= sub.lastEventAt;
        await tx
          .update(subscriptions)
          .set({
            lastPaidInvoiceId: event.invoiceId,
            ...(newest ? { status: 'active', currentPeriodEnd: event.periodEnd, lastEventAt: event.created } : {}),
          })
          .where(eq(subscriptions.id, sub.id));
        if (sub.lastPaidInvoiceId !== event.invoiceId) {
          await tx.update(users).set({ transformationsUsed: 0 }).where(eq(users.stripeSubscriptionId, sub.id));
        }
        await linkCheckout(tx, eq(checkoutIntents.subscriptionId, sub.id));
        await syncUser(tx, sub.id);
        break;
      }
      case 'invoice.payment_failed': {
        await tx
          .update(subscriptions)
          .set({ status: 'past_due' })
          .where(and(eq(subscriptions.id, event.subscriptionId), notEnded));
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
