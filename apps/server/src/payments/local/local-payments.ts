import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { localCheckoutSessions, localCustomers, localPortalSessions, localSubscriptions } from '../../db/schema';
import {
  PaymentError,
  type PaymentEvent,
  type PaymentsProvider,
  type ProviderCheckoutSession,
  type ProviderSubscription,
} from '../payments-provider';
import { periodEndAfter } from './billing-period';
import { readLocalWebhookEvent } from './local-webhook-event';
import { chargeTestCard, type CardInput } from './test-cards';

const id = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('base64url')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

export interface LocalPayments extends PaymentsProvider {
  /** The embedded card form: confirms the subscription's first payment. */
  confirmCard(clientSecret: string, card: CardInput): Promise<void>;
  /** The hosted checkout page: pays the session and answers where to go next. */
  payCheckoutSession(sessionId: string, card: CardInput): Promise<{ redirectUrl: string }>;
  getCheckoutPage(sessionId: string): Promise<{ email: string; status: string; cancelUrl: string } | null>;
  getPortal(portalId: string): Promise<{ subscription: ProviderSubscription; returnUrl: string } | null>;
  setCancelAtPeriodEnd(portalId: string, cancel: boolean): Promise<ProviderSubscription>;
  /** Operator command: advance a subscription's clock to its next period (a renewal, or the end of a cancelled one). */
  renew(subscriptionId: string): Promise<ProviderSubscription>;
}

/**
 * The offline payment provider: Stripe's subscription flows simulated on our own pages and tables. It
 * delivers the same lifecycle events as Stripe to the same handler (`deliver`), signed like webhooks.
 */
export function createLocalPayments(options: {
  db: Db;
  publicUrl: string;
  webhookSecret: string;
  deliver: (event: PaymentEvent) => Promise<void>;
}): LocalPayments {
  const { db } = options;

  async function loadSubscription(subscriptionId: string): Promise<ProviderSubscription | null> {
    const [row] = await db
      .select({ sub: localSubscriptions, customer: localCustomers })
      .from(localSubscriptions)
      .innerJoin(localCustomers, eq(localCustomers.id, localSubscriptions.customerId))
      .where(eq(localSubscriptions.id, subscriptionId));
    if (!row) return null;
    return {
      id: row.sub.id,
      customerId: row.sub.customerId,
      customerEmail: row.customer.email,
      status: row.sub.status as ProviderSubscription['status'],
      currentPeriodEnd: row.sub.currentPeriodEnd,
      cancelAtPeriodEnd: row.sub.cancelAtPeriodEnd,
    };
  }

  /**
   * A new customer and its subscription; with an idempotency key, the ones that key made (Stripe replays
   * a key's answer): parallel calls with one key race on its unique index, and every one answers the winner's.
   */
  async function createCustomerAndSubscription(email: string, name: string, status: 'incomplete' | 'active', idempotencyKey?: string) {
    const byKey = async () => {
      if (!idempotencyKey) return null;
      const [row] = await db.select().from(localSubscriptions).where(eq(localSubscriptions.idempotencyKey, idempotencyKey));
      return row ? { customerId: row.customerId, subscriptionId: row.id, clientSecret: row.clientSecret, anchor: row.createdAt } : null;
    };
    const earlier = await byKey();
    if (earlier) return earlier;
    const customerId = id('cus');
    const subscriptionId = id('sub');
    const clientSecret = `${subscriptionId}_secret_${randomBytes(16).toString('base64url')}`;
    // Its creation is its billing cycle anchor, as on Stripe: every period ends on the anchor's day.
    const now = new Date();
    await db.insert(localCustomers).values({ id: customerId, email, name });
    const made = await db
      .insert(localSubscriptions)
      .values({
        id: subscriptionId,
        customerId,
        status,
        clientSecret,
        currentPeriodEnd: periodEndAfter(now, now),
        createdAt: now,
        idempotencyKey,
      })
      .onConflictDoNothing()
      .returning();
    if (made.length) return { customerId, subscriptionId, clientSecret, anchor: now };
    await db.delete(localCustomers).where(eq(localCustomers.id, customerId));
    return (await byKey())!;
  }

  /** A paid invoice: the subscription is active for another period; both events go out. */
  async function payInvoice(subscriptionId: string, periodEnd: Date) {
    const [row] = await db
      .update(localSubscriptions)
      .set({ status: 'active', currentPeriodEnd: periodEnd, invoiceCount: sql`${localSubscriptions.invoiceCount} + 1` })
      .where(and(eq(localSubscriptions.id, subscriptionId), ne(localSubscriptions.status, 'canceled')))
      .returning();
    if (!row) throw new PaymentError('No such subscription.', 'invalid_request');
    const subscription = (await loadSubscription(subscriptionId))!;
    const invoiceId = `in_local_${subscriptionId.slice(-12)}_${row.invoiceCount}`;
    await options.deliver({
      id: id('evt'),
      created: nowSeconds(),
      type: 'invoice.paid',
      invoiceId,
      subscriptionId,
      customerId: subscription.customerId,
      periodEnd,
    });
    await options.deliver({ id: id('evt'), created: nowSeconds(), type: 'customer.subscription.updated', subscription });
  }

  async function loadCheckoutSession(sessionId: string): Promise<ProviderCheckoutSession | null> {
    const [row] = await db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, sessionId));
    if (!row) return null;
    return {
      id: row.id,
      status: row.status as ProviderCheckoutSession['status'],
      customerId: row.customerId,
      subscriptionId: row.subscriptionId,
      customerEmail: row.email,
      reference: row.reference,
    };
  }

  async function livePortal(portalId: string) {
    const [portal] = await db
      .select()
      .from(localPortalSessions)
      .where(and(eq(localPortalSessions.id, portalId), gt(localPortalSessions.expiresAt, new Date())));
    return portal ?? null;
  }

  async function subscriptionOfCustomer(customerId: string) {
    const [row] = await db
      .select({ id: localSubscriptions.id })
      .from(localSubscriptions)
      .where(eq(localSubscriptions.customerId, customerId));
    return row ? loadSubscription(row.id) : null;
  }

  function sign(payload: string) {
    return createHmac('sha256', options.webhookSecret).update(payload).digest('hex');
  }

  return {
    name: 'local',

    async createSubscription({ email, name, idempotencyKey }) {
      const { customerId, subscriptionId, clientSecret } = await createCustomerAndSubscription(email, name, 'incomplete', idempotencyKey);
      return { customerId, subscriptionId, clientSecret };
    },

    async confirmCard(clientSecret, card) {
      const [row] = await db.select().from(localSubscriptions).where(eq(localSubscriptions.clientSecret, clientSecret));
      if (!row) throw new PaymentError('This payment could not be found. Please start again.', 'invalid_request');
      if (row.status === 'active') return;
      chargeTestCard(card);
      await payInvoice(row.id, periodEndAfter(row.createdAt, new Date()));
    },

    async createCheckoutSession({ email, name, reference, successUrl, cancelUrl, idempotencyKey }) {
      await db
        .insert(localCheckoutSessions)
        .values({ id: id('cs'), email, name, reference, successUrl, cancelUrl, idempotencyKey })
        .onConflictDoNothing();
      // The session this key made, ours or an earlier call's (Stripe replays a key's answer).
      const [session] = await db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.idempotencyKey, idempotencyKey));
      return { id: session!.id, url: `${options.publicUrl}/local-payments/checkout/${session!.id}` };
    },

    async getCheckoutPage(sessionId) {
      const [row] = await db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, sessionId));
      return row ? { email: row.email, status: row.status, cancelUrl: row.cancelUrl } : null;
    },

    async payCheckoutSession(sessionId, card) {
      const [row] = await db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, sessionId));
      if (!row || row.status === 'expired')
        throw new PaymentError('This checkout session has expired. Please start again.', 'invalid_request');
      const redirectUrl = row.successUrl.replace('{CHECKOUT_SESSION_ID}', row.id);
      if (row.status === 'complete') return { redirectUrl };
      chargeTestCard(card);
      const { customerId, subscriptionId, anchor } = await createCustomerAndSubscription(row.email, row.name, 'incomplete');
      // As on Stripe, the first invoice is paid before the session completes: a completion that makes no
      // account (ADR 055) refunds a payment already taken.
      await payInvoice(subscriptionId, periodEndAfter(anchor, new Date()));
      await db
        .update(localCheckoutSessions)
        .set({ status: 'complete', customerId, subscriptionId })
        .where(eq(localCheckoutSessions.id, row.id));
      await options.deliver({
        id: id('evt'),
        created: nowSeconds(),
        type: 'checkout.session.completed',
        session: (await loadCheckoutSession(row.id))!,
      });
      return { redirectUrl };
    },

    retrieveCheckoutSession: loadCheckoutSession,
    retrieveSubscription: loadSubscription,

    async createPortalSession({ customerId, returnUrl }) {
      const portalId = id('bps');
      await db.insert(localPortalSessions).values({ id: portalId, customerId, returnUrl, expiresAt: new Date(Date.now() + 60 * 60_000) });
      return { url: `${options.publicUrl}/local-payments/portal/${portalId}` };
    },

    async getPortal(portalId) {
      const portal = await livePortal(portalId);
      if (!portal) return null;
      const subscription = await subscriptionOfCustomer(portal.customerId);
      return subscription ? { subscription, returnUrl: portal.returnUrl } : null;
    },

    async setCancelAtPeriodEnd(portalId, cancel) {
      const portal = await livePortal(portalId);
      const current = portal ? await subscriptionOfCustomer(portal.customerId) : null;
      if (!current || current.status === 'canceled')
        throw new PaymentError('This billing session has expired. Please open it again.', 'invalid_request');
      await db.update(localSubscriptions).set({ cancelAtPeriodEnd: cancel }).where(eq(localSubscriptions.id, current.id));
      const subscription = (await loadSubscription(current.id))!;
      await options.deliver({ id: id('evt'), created: nowSeconds(), type: 'customer.subscription.updated', subscription });
      return subscription;
    },

    async cancelSubscriptionNow(subscriptionId) {
      const current = await loadSubscription(subscriptionId);
      if (!current) return null;
      if (current.status === 'canceled' || current.status === 'incomplete_expired') return current;
      await db
        .update(localSubscriptions)
        .set({ status: 'canceled', cancelAtPeriodEnd: false })
        .where(eq(localSubscriptions.id, subscriptionId));
      const subscription = (await loadSubscription(subscriptionId))!;
      await options.deliver({ id: id('evt'), created: nowSeconds(), type: 'customer.subscription.deleted', subscription });
      return subscription;
    },

    async refundSubscription(subscriptionId) {
      const current = await loadSubscription(subscriptionId);
      if (!current) return null;
      // Once: the first call cancels it and refunds every invoice paid for it (recorded as refundedAt).
      const [refunded] = await db
        .update(localSubscriptions)
        .set({ status: 'canceled', cancelAtPeriodEnd: false, refundedAt: new Date() })
        .where(and(eq(localSubscriptions.id, subscriptionId), isNull(localSubscriptions.refundedAt)))
        .returning();
      const subscription = (await loadSubscription(subscriptionId))!;
      if (refunded && current.status !== 'canceled')
        await options.deliver({ id: id('evt'), created: nowSeconds(), type: 'customer.subscription.deleted', subscription });
      return subscription;
    },

    async renew(subscriptionId) {
      const current = await loadSubscription(subscriptionId);
      if (!current) throw new PaymentError('No such subscription.', 'invalid_request');
      if (current.cancelAtPeriodEnd || current.status === 'canceled') {
        await db.update(localSubscriptions).set({ status: 'canceled' }).where(eq(localSubscriptions.id, subscriptionId));
        const subscription = (await loadSubscription(subscriptionId))!;
        await options.deliver({ id: id('evt'), created: nowSeconds(), type: 'customer.subscription.deleted', subscription });
        return subscription;
      }
      const [row] = await db
        .select({ anchor: localSubscriptions.createdAt })
        .from(localSubscriptions)
        .where(eq(localSubscriptions.id, subscriptionId));
      await payInvoice(subscriptionId, periodEndAfter(row!.anchor, current.currentPeriodEnd));
      return (await loadSubscription(subscriptionId))!;
    },

    async parseWebhook(rawBody, signature) {
      const expected = Buffer.from(sign(rawBody.toString('utf8')));
      const given = Buffer.from(signature ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new PaymentError('Invalid webhook signature', 'invalid_request');
      }
      return readLocalWebhookEvent(rawBody.toString('utf8'));
    },
  };
}

/** Signs a local webhook payload (for the operator's tools and tests). */
export function signLocalWebhook(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}
