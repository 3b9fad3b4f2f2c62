import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@rv/contracts/messages';
import { checkoutIntents, localSubscriptions, users } from '../../db/schema';
import type { FakeStripeApi } from '@rv/testing/fake-stripe-api';
import { signInNewUser } from '../../../test/fixtures';
import {
  browser,
  deliverCheckoutCompleted,
  GOOD_CARD,
  startAppOnStripeStandIn,
  subscribeWithCard,
  type TestApp,
} from '../../../test/identity-steps';
import { createTestApp } from '../../../test/test-app';
import { ACCOUNT_EXISTS } from './create-account';
import { CHECKOUT_REUSED_FOR_MS } from './open-checkout';

/** A checkout submitted twice for one new e-mail takes one payment, and a payment that made no account is refunded (ADR 055). */

const sessionIdOf = (url: string) => new URL(url).pathname.split('/').pop()!;

/** An admin's cookie, to read the dashboard's list of refunded payments. */
async function adminCookie(ctx: TestApp) {
  return (await signInNewUser(ctx.app, ctx.app.services.database.db, { role: 'admin' })).cookie;
}

describe('one checkout per e-mail, and orphan payments refunded (local payments)', () => {
  let ctx: TestApp;
  const b = browser(() => ctx);
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  /** The provider's subscriptions still charging (active) that no account refers to: must stay none. */
  const activeWithoutAccount = async () =>
    (
      await ctx.app.services.database.db
        .select({ id: localSubscriptions.id })
        .from(localSubscriptions)
        .where(
          sql`${localSubscriptions.status} = 'active' and ${localSubscriptions.id} not in (select ${users.stripeSubscriptionId} from ${users} where ${users.stripeSubscriptionId} is not null)`,
        )
    ).map((row) => row.id);
  const localSubscription = async (id: string) =>
    (await ctx.app.services.database.db.select().from(localSubscriptions).where(eq(localSubscriptions.id, id)))[0]!;

  it('two parallel card checkouts for one new e-mail answer the same subscription: one payment, one account', async () => {
    const email = 'twice.card@example.com';
    const [first, second] = await Promise.all([
      b.post('/api/create-subscription', { email, name: 'Robin' }),
      b.post('/api/create-subscription', { email, name: 'Robin' }),
    ]);
    expect([first!.statusCode, second!.statusCode]).toEqual([200, 200]);
    expect(second!.json()).toEqual(first!.json());
    const sub = first!.json();
    // Both tabs confirm the card: the second confirmation finds the invoice paid and charges nothing.
    for (const _ of [1, 2]) {
      expect((await b.post('/api/local-payments/confirm', { clientSecret: sub.clientSecret, card: GOOD_CARD })).statusCode).toBe(200);
    }
    expect((await localSubscription(sub.subscriptionId)).invoiceCount).toBe(1);
    const body = { email, password: 'a long password', stripeCustomerId: sub.customerId, stripeSubscriptionId: sub.subscriptionId };
    const accounts = await Promise.all([b.post('/api/create-account', body), b.post('/api/create-account', body)]);
    expect(accounts.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(accounts.find((res) => res.statusCode === 409)!.json().error).toBe(ACCOUNT_EXISTS);
    expect((await b.userByEmail(email))!.stripeSubscriptionId).toBe(sub.subscriptionId);
    expect(await activeWithoutAccount()).toEqual([]);
  });

  it('two parallel hosted checkouts for one new e-mail answer the same page: paid twice, charged once', async () => {
    const email = 'twice.hosted@example.com';
    const answers = await Promise.all([
      b.post('/api/create-checkout-session', { email, name: 'Sam' }),
      b.post('/api/create-checkout-session', { email, name: 'Sam' }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(answers[1]!.json().url).toBe(answers[0]!.json().url);
    const sessionId = sessionIdOf(answers[0]!.json().url as string);
    for (const _ of [1, 2]) {
      expect((await b.post(`/api/local-payments/checkout/${sessionId}/pay`, { card: GOOD_CARD })).statusCode).toBe(200);
    }
    const verified = await b.post('/api/verify-payment', { sessionId });
    expect(verified.json()).toEqual({ success: true, message: 'created' });
    const user = (await b.userByEmail(email))!;
    expect((await localSubscription(user.stripeSubscriptionId!)).invoiceCount).toBe(1);
    expect(await activeWithoutAccount()).toEqual([]);
  });

  it('a person who starts over gets the same checkout; once it has expired, a new one (and a payment of both is refunded)', async () => {
    const email = 'starts.over@example.com';
    const first = (await b.post('/api/create-subscription', { email, name: 'Alex' })).json();
    expect((await b.post('/api/create-subscription', { email, name: 'Alex again' })).json()).toEqual(first);
    // A day later the first checkout is past reuse: the next request opens a new one.
    const db = ctx.app.services.database.db;
    await db
      .update(checkoutIntents)
      .set({ createdAt: new Date(Date.now() - CHECKOUT_REUSED_FOR_MS - 60_000) })
      .where(eq(checkoutIntents.subscriptionId, first.subscriptionId));
    const second = (await b.post('/api/create-subscription', { email, name: 'Alex' })).json();
    expect(second.subscriptionId).not.toBe(first.subscriptionId);

    // The old tab was still open, and both were paid: the first makes the account, the second is refunded.
    for (const sub of [first, second]) {
      expect((await b.post('/api/local-payments/confirm', { clientSecret: sub.clientSecret, card: GOOD_CARD })).statusCode).toBe(200);
    }
    const made = await b.post('/api/create-account', {
      email,
      password: 'a long password',
      stripeCustomerId: first.customerId,
      stripeSubscriptionId: first.subscriptionId,
    });
    expect(made.statusCode).toBe(200);
    const late = await b.post('/api/create-account', {
      email,
      password: 'a long password',
      stripeCustomerId: second.customerId,
      stripeSubscriptionId: second.subscriptionId,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(messages.billing.paymentRefunded);
    expect(late.headers['set-cookie']).toBeUndefined();
    expect(await localSubscription(second.subscriptionId)).toMatchObject({ status: 'canceled', refundedAt: expect.any(Date) });
    expect((await b.userByEmail(email))!.stripeSubscriptionId).toBe(first.subscriptionId);
    expect(await activeWithoutAccount()).toEqual([]);

    // The admin sees it among the refunded payments.
    const list = await b.get('/api/admin/orphan-payments?q=starts.over', await adminCookie(ctx));
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({
        id: second.subscriptionId,
        email,
        customerId: second.customerId,
        refundedAt: expect.any(String),
        refundError: null,
      }),
    ]);
  });

  it('a hosted payment for an e-mail that got its account meanwhile is refunded, the return page says so, the admin sees it', async () => {
    const email = 'raced.hosted@example.com';
    const hosted = (await b.post('/api/create-checkout-session', { email, name: 'Early' })).json();
    const sessionId = sessionIdOf(hosted.url as string);
    // The same person finishes on the card form meanwhile (another flow: the hosted page stays payable).
    const ownerCookie = await subscribeWithCard(b, email);
    expect((await b.post(`/api/local-payments/checkout/${sessionId}/pay`, { card: GOOD_CARD })).statusCode).toBe(200);
    const verified = await b.post('/api/verify-payment', { sessionId });
    expect(verified.json()).toEqual({ success: false, message: messages.billing.paymentRefunded });
    // Reloaded, the page says the same.
    expect((await b.post('/api/verify-payment', { sessionId })).json()).toEqual({
      success: false,
      message: messages.billing.paymentRefunded,
    });

    const paid = (await ctx.app.services.payments.retrieveCheckoutSession(sessionId))!;
    expect(await localSubscription(paid.subscriptionId!)).toMatchObject({
      status: 'canceled',
      invoiceCount: 1,
      refundedAt: expect.any(Date),
    });
    expect((await b.get('/api/check-tool-access', ownerCookie)).json()).toEqual({ hasAccess: true });
    expect(await activeWithoutAccount()).toEqual([]);
    const list = (await b.get('/api/admin/orphan-payments?page=1&limit=20&q=raced.hosted', await adminCookie(ctx))).json();
    expect(list.items).toEqual([expect.objectContaining({ id: paid.subscriptionId, email, refundedAt: expect.any(String) })]);
    // The list is the admins' alone.
    expect((await b.get('/api/admin/orphan-payments', ownerCookie)).statusCode).toBe(403);
  });

  it("a signed-in subscriber's second paid checkout is refunded, not linked in place of the first", async () => {
    const email = 'resubscriber@example.com';
    const cookie = await subscribeWithCard(b, email);
    const db = ctx.app.services.database.db;
    const user = (await b.userByEmail(email))!;
    await db.update(users).set({ subscriptionStatus: 'canceled' }).where(eq(users.id, user.id));
    const checkout = (await b.post('/api/create-checkout-session', { email, name: '' }, cookie)).json();
    const sessionId = sessionIdOf(checkout.url as string);
    // Their old subscription is active again before this one is paid (a race of two tabs).
    await db.update(users).set({ subscriptionStatus: 'active' }).where(eq(users.id, user.id));
    await b.post(`/api/local-payments/checkout/${sessionId}/pay`, { card: GOOD_CARD });
    expect((await b.post('/api/verify-payment', { sessionId }, cookie)).json()).toEqual({
      success: false,
      message: messages.billing.secondSubscriptionRefunded,
    });
    expect((await b.userByEmail(email))!.stripeSubscriptionId).toBe(user.stripeSubscriptionId);
    expect(await activeWithoutAccount()).toEqual([]);
  });
});

describe('the same with PAYMENTS=stripe against the local Stripe stand-in', () => {
  let api: FakeStripeApi;
  let ctx: TestApp;
  let keys: Parameters<typeof deliverCheckoutCompleted>[0]['keys'];
  const b = browser(() => ctx);

  beforeAll(async () => {
    ({ api, ctx, keys } = await startAppOnStripeStandIn('concurrency'));
  });
  afterAll(async () => {
    await ctx.close();
    await api.close();
  });

  const deliverCompleted = (sessionId: string, eventId: string) => deliverCheckoutCompleted({ api, ctx, keys }, sessionId, eventId);

  /** Stripe's subscriptions still charging that no account refers to: must stay none. */
  async function activeWithoutAccount() {
    const linked = new Set(
      (await ctx.app.services.database.db.select({ id: users.stripeSubscriptionId }).from(users)).map((row) => row.id),
    );
    return api.subscriptions().filter((subscription) => subscription.status === 'active' && !linked.has(subscription.id));
  }

  it('two parallel checkouts for one new e-mail make one Checkout Session at Stripe, answered to both', async () => {
    const email = 'stripe.twice@example.com';
    const before = api.requests.length;
    const answers = await Promise.all([
      b.post('/api/create-checkout-session', { email, name: 'Robin' }),
      b.post('/api/create-checkout-session', { email, name: 'Robin' }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(answers[1]!.json().url).toBe(answers[0]!.json().url);
    const creates = api.requests.slice(before).filter((request) => request.method === 'POST' && request.path === '/v1/checkout/sessions');
    // Asked under one idempotency key: Stripe answers the session the first call made.
    expect(new Set(creates.map((request) => request.headers['idempotency-key'])).size).toBe(1);
    const sessionId = sessionIdOf(answers[0]!.json().url as string);
    api.completeCheckoutSession(sessionId);
    expect((await deliverCompleted(sessionId, 'evt_twice_1')).statusCode).toBe(200);
    expect((await b.post('/api/verify-payment', { sessionId })).json()).toEqual({ success: true, message: 'created' });
    expect(api.refunds).toEqual([]);
    expect(await activeWithoutAccount()).toEqual([]);
  });

  it('two parallel card checkouts for one new e-mail make one customer and one subscription at Stripe, answered to both', async () => {
    const email = 'stripe.card.twice@example.com';
    const before = api.requests.length;
    const answers = await Promise.all([
      b.post('/api/create-subscription', { email, name: 'Robin' }),
      b.post('/api/create-subscription', { email, name: 'Robin' }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(answers[1]!.json()).toEqual(answers[0]!.json());
    const made = api.requests.slice(before).filter((request) => request.method === 'POST' && request.path === '/v1/subscriptions');
    expect(new Set(made.map((request) => request.headers['idempotency-key'])).size).toBe(1);
    expect(api.subscriptions().filter((subscription) => subscription.customerEmail === email)).toHaveLength(1);
  });

  it('a second paid session for an e-mail whose account the first made is cancelled and refunded at Stripe, and listed for the admin', async () => {
    const email = 'stripe.raced@example.com';
    const first = sessionIdOf((await b.post('/api/create-checkout-session', { email, name: 'Robin' })).json().url as string);
    // The first checkout has gone stale (a day later): a new one is opened beside it, and both get paid.
    await ctx.app.services.database.db
      .update(checkoutIntents)
      .set({ createdAt: new Date(Date.now() - CHECKOUT_REUSED_FOR_MS - 60_000) })
      .where(eq(checkoutIntents.checkoutSessionId, first));
    const second = sessionIdOf((await b.post('/api/create-checkout-session', { email, name: 'Robin' })).json().url as string);
    expect(second).not.toBe(first);
    const kept = api.completeCheckoutSession(first);
    const orphan = api.completeCheckoutSession(second);
    expect((await deliverCompleted(first, 'evt_raced_1')).statusCode).toBe(200);
    expect((await deliverCompleted(second, 'evt_raced_2')).statusCode).toBe(200);

    const owner = await b.post('/api/verify-payment', { sessionId: first });
    expect(owner.json()).toEqual({ success: true, message: 'created' });
    expect((await b.post('/api/verify-payment', { sessionId: second })).json()).toEqual({
      success: false,
      message: messages.billing.paymentRefunded,
    });
    expect((await b.userByEmail(email))!.stripeSubscriptionId).toBe(kept.subscriptionId);
    expect(api.subscriptions().find((subscription) => subscription.id === orphan.subscriptionId)!.status).toBe('canceled');
    expect(api.refunds.filter((refund) => refund.paymentIntent === orphan.paymentIntentId)).toEqual([
      expect.objectContaining({ amount: 1200 }),
    ]);
    expect(api.refunds.some((refund) => refund.paymentIntent === kept.paymentIntentId)).toBe(false);
    expect(await activeWithoutAccount()).toEqual([]);

    const list = (await b.get('/api/admin/orphan-payments?q=stripe.raced', await adminCookie(ctx))).json();
    expect(list).toEqual([
      expect.objectContaining({ id: orphan.subscriptionId, customerId: orphan.customerId, refundedAt: expect.any(String) }),
    ]);
  });
});
