import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@rv/contracts/messages';
import { users } from '../../db/schema';
import { applyPaymentEvent } from '../../payments/apply-payment-event';
import { isLocalPayments } from '../../payments/create-payments';
import { signLocalWebhook } from '../../payments/local/local-payments';
import type { PaymentEvent } from '../../payments/payments-provider';
import { cookieHeader, createUser } from '../../../test/fixtures';
import { createTestApp, TEST_ORIGIN } from '../../../test/test-app';
import { reserveCredit } from '../designs/creation/reserve-credit';
import { SUBSCRIPTION_NOT_CONFIRMED } from './create-account';

const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const DECLINED_CARD = { number: '4000 0000 0000 0002', expiry: '12/34', cvc: '123' };

describe('subscription, checkout, account creation and credits', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const post = (url: string, payload: unknown, cookie = '', remoteAddress?: string) =>
    ctx.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  /** Each buyer is a browser of their own: create-account allows 10 an address in 10 minutes (billing.routes.ts). */
  const buyerAddresses = new Map<string, string>();
  const buyerAddress = (email: string) => {
    if (!buyerAddresses.has(email)) buyerAddresses.set(email, `10.9.0.${buyerAddresses.size + 1}`);
    return buyerAddresses.get(email)!;
  };
  const get = (url: string, cookie = '') => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const db = () => ctx.app.services.database.db;
  const userByEmail = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0];

  type Subscription = { clientSecret: string; customerId: string; subscriptionId: string };
  async function subscribe(email: string) {
    const created = await post('/api/create-subscription', { email, name: '' });
    expect(created.statusCode).toBe(200);
    return created.json() as Subscription;
  }
  /** POST /api/create-account as the checkout sends it, for the subscription `sub`. */
  const createAccount = (email: string, sub: Subscription, password = 'a strong password') =>
    post(
      '/api/create-account',
      { email, password, stripeCustomerId: sub.customerId, stripeSubscriptionId: sub.subscriptionId },
      '',
      buyerAddress(email),
    );
  /** A new subscriber who paid with the test card and then created their account: the subscription and the account answer. */
  async function paidSubscriberWithAccount(email: string) {
    const sub = await subscribe(email);
    const paid = await post('/api/local-payments/confirm', { clientSecret: sub.clientSecret, card: GOOD_CARD });
    expect(paid.statusCode).toBe(200);
    const account = await createAccount(email, sub);
    expect(account.statusCode, account.body).toBe(200);
    return { sub, account };
  }

  it('embedded checkout: a declined card creates nothing; the test card pays; the account is created signed in', async () => {
    const email = 'new.buyer@example.com';
    const sub = await subscribe(email);
    expect(sub.clientSecret).toMatch(/_secret_/);

    const declined = await post('/api/local-payments/confirm', { clientSecret: sub.clientSecret, card: DECLINED_CARD });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toBe('Your card was declined.');
    const early = await createAccount(email, sub);
    expect(early.statusCode).toBe(403);
    expect(await userByEmail(email)).toBeUndefined();

    const paid = await post('/api/local-payments/confirm', { clientSecret: sub.clientSecret, card: GOOD_CARD });
    expect(paid.statusCode).toBe(200);
    const account = await createAccount(email, sub);
    expect(account.statusCode).toBe(200);
    const cookie = cookieHeader(account.headers['set-cookie']);
    expect((await get('/api/check-tool-access', cookie)).json()).toEqual({ hasAccess: true });
    const profile = (await get('/api/user-profile', cookie)).json();
    expect(profile).toMatchObject({
      email,
      subscriptionStatus: 'active',
      transformationsUsed: 0,
      transformationsLimit: 30,
      stripeCustomerId: sub.customerId,
    });
    expect(profile.stripeSubscriptionNextBillingDate).toEqual(expect.any(String));

    const twice = await createAccount(email, sub, 'another password');
    expect(twice.statusCode).toBe(409);
  });

  it("the name typed at checkout becomes the new account's name, on both paths; the e-mail standing in for it is not a name", async () => {
    const named = 'named.buyer@example.com';
    const sub = (await post('/api/create-subscription', { email: named, name: '  Nora Named ' })).json() as Subscription;
    await post('/api/local-payments/confirm', { clientSecret: sub.clientSecret, card: GOOD_CARD });
    const account = await createAccount(named, sub);
    expect(account.statusCode).toBe(200);
    expect((await get('/api/user-profile', cookieHeader(account.headers['set-cookie']))).json().name).toBe('Nora Named');

    // The checkout page sends the e-mail as the name when none was typed (spec): the account has no name then.
    const unnamed = 'unnamed.buyer@example.com';
    const fallback = (await post('/api/create-subscription', { email: unnamed, name: unnamed })).json() as Subscription;
    await post('/api/local-payments/confirm', { clientSecret: fallback.clientSecret, card: GOOD_CARD });
    await createAccount(unnamed, fallback);
    expect((await userByEmail(unnamed))!.name).toBe('');

    // A name typed after the subscription was made comes with the account's creation.
    const late = 'late.namer@example.com';
    const lateSub = (await post('/api/create-subscription', { email: late, name: late })).json() as Subscription;
    await post('/api/local-payments/confirm', { clientSecret: lateSub.clientSecret, card: GOOD_CARD });
    const lateAccount = await post('/api/create-account', {
      email: late,
      password: 'a strong password',
      stripeCustomerId: lateSub.customerId,
      stripeSubscriptionId: lateSub.subscriptionId,
      name: ' Lee Late ',
    });
    expect(lateAccount.statusCode).toBe(200);
    expect((await userByEmail(late))!.name).toBe('Lee Late');

    const hosted = 'named.hosted@example.com';
    const session = await post('/api/create-checkout-session', { email: hosted, name: 'Hana Hosted' });
    const id = new URL(session.json().url as string).pathname.split('/').pop()!;
    await post(`/api/local-payments/checkout/${id}/pay`, { card: GOOD_CARD });
    expect((await post('/api/verify-payment', { sessionId: id })).json()).toEqual({ success: true, message: 'created' });
    expect((await userByEmail(hosted))!.name).toBe('Hana Hosted');
  });

  it("refuses create-account with someone else's subscription ids", async () => {
    const victim = await subscribe('victim@example.com');
    await post('/api/local-payments/confirm', { clientSecret: victim.clientSecret, card: GOOD_CARD });
    const res = await createAccount('attacker@example.com', victim);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(SUBSCRIPTION_NOT_CONFIRMED);
    const mismatched = await post('/api/create-account', {
      email: 'victim@example.com',
      password: 'a strong password',
      stripeCustomerId: 'cus_other',
      stripeSubscriptionId: victim.subscriptionId,
    });
    expect(mismatched.statusCode).toBe(403);
    expect(await userByEmail('attacker@example.com')).toBeUndefined();
  });

  it('validates the account form with the spec texts', async () => {
    const res = await post('/api/create-account', {
      email: 'x@example.com',
      password: 'short',
      stripeCustomerId: 'c',
      stripeSubscriptionId: 's',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(messages.validation.passwordTooShort);
  });

  it('hosted checkout: pays on the hosted page, returns with the session id, and signs the buyer in once', async () => {
    const email = 'hosted.buyer@example.com';
    const session = await post('/api/create-checkout-session', { email, name: 'Hosted Buyer' });
    const url = new URL(session.json().url as string);
    expect(url.pathname).toMatch(/^\/local-payments\/checkout\//);
    const id = url.pathname.split('/').pop()!;
    expect((await post('/api/verify-payment', { sessionId: id })).json()).toEqual({ success: false, message: expect.any(String) });
    const pay = await post(`/api/local-payments/checkout/${id}/pay`, { card: GOOD_CARD });
    expect(pay.json().redirectUrl).toBe(`${TEST_ORIGIN}/payment-success?session_id=${id}`);
    const verified = await post('/api/verify-payment', { sessionId: id });
    expect(verified.json()).toEqual({ success: true, message: 'created' });
    const cookie = cookieHeader(verified.headers['set-cookie']);
    expect((await get('/api/check-tool-access', cookie)).json()).toEqual({ hasAccess: true });
    const replay = await post('/api/verify-payment', { sessionId: id });
    expect(replay.headers['set-cookie']).toBeUndefined();
    expect((await post('/api/verify-payment', { sessionId: 'cs_nope' })).json().error).toBe(messages.billing.noSessionId);
  });

  it('the portal cancels at period end and resumes; the renewal after a cancel ends access', async () => {
    const email = 'portal.user@example.com';
    const { sub, account } = await paidSubscriberWithAccount(email);
    const cookie = cookieHeader(account.headers['set-cookie']);
    const portal = await post('/api/create-portal-session', { customerId: 'cus_someone_else', returnUrl: '/account' }, cookie);
    const portalId = new URL(portal.json().url as string).pathname.split('/').pop()!;
    const view = (await get(`/api/local-payments/portal/${portalId}`)).json();
    expect(view).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, email, returnUrl: `${TEST_ORIGIN}/account` });
    expect((await post(`/api/local-payments/portal/${portalId}/cancel`, {})).json().cancelAtPeriodEnd).toBe(true);
    expect((await post(`/api/local-payments/portal/${portalId}/resume`, {})).json().cancelAtPeriodEnd).toBe(false);
    await post(`/api/local-payments/portal/${portalId}/cancel`, {});
    const payments = ctx.app.services.payments;
    if (!isLocalPayments(payments)) throw new Error('local payments expected');
    await payments.renew(sub.subscriptionId);
    expect((await get('/api/check-tool-access', cookie)).json()).toEqual({ hasAccess: false });
    expect((await post('/api/create-portal-session', { returnUrl: 'https://evil.example/' }, cookie)).statusCode).toBe(400);
    for (const returnUrl of ['http://[::1', 'https://exa mple.com:99999/', '//evil.example/x']) {
      const refused = await post('/api/create-portal-session', { returnUrl }, cookie);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe('The return address must be on this site.');
    }
  });

  it('renewals keep the day the subscription started, clamped to the month’s end (31 January: 29 February, then 31 March)', async () => {
    const payments = ctx.app.services.payments;
    if (!isLocalPayments(payments)) throw new Error('local payments expected');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2024-01-31T10:00:00.000Z'));
      const sub = await payments.createSubscription({
        email: 'leap.year@example.com',
        name: 'Leap',
        reference: 'ref-test',
        idempotencyKey: 'leap.year',
      });
      await payments.confirmCard(sub.clientSecret, GOOD_CARD);
      const periodEnd = async () => (await payments.retrieveSubscription(sub.subscriptionId))?.currentPeriodEnd.toISOString();
      expect(await periodEnd()).toBe('2024-02-29T10:00:00.000Z');
      vi.setSystemTime(new Date('2024-02-29T10:00:00.000Z'));
      expect((await payments.renew(sub.subscriptionId)).currentPeriodEnd.toISOString()).toBe('2024-03-31T10:00:00.000Z');
      vi.setSystemTime(new Date('2024-03-31T10:00:00.000Z'));
      expect((await payments.renew(sub.subscriptionId)).currentPeriodEnd.toISOString()).toBe('2024-04-30T10:00:00.000Z');
      expect((await payments.renew(sub.subscriptionId)).currentPeriodEnd.toISOString()).toBe('2024-05-31T10:00:00.000Z');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a renewal resets used credits once, even when its event is delivered three times', async () => {
    const email = 'renewal.user@example.com';
    const { sub } = await paidSubscriberWithAccount(email);
    const user = (await userByEmail(email))!;
    await db().update(users).set({ transformationsUsed: 12 }).where(eq(users.id, user.id));
    const renewal: PaymentEvent = {
      id: 'evt_renewal_1',
      created: Math.floor(Date.now() / 1000),
      type: 'invoice.paid',
      invoiceId: 'in_renewal_1',
      subscriptionId: sub.subscriptionId,
      customerId: sub.customerId,
      periodEnd: new Date(Date.now() + 60 * 86_400_000),
    };
    expect(await applyPaymentEvent(db(), renewal)).toBe('applied');
    expect((await userByEmail(email))!.transformationsUsed).toBe(0);
    await db().update(users).set({ transformationsUsed: 5 }).where(eq(users.id, user.id));
    expect(await applyPaymentEvent(db(), renewal)).toBe('duplicate');
    expect(await applyPaymentEvent(db(), renewal)).toBe('duplicate');
    // The same invoice under a different event id (a provider retry) does not reset again either.
    expect(await applyPaymentEvent(db(), { ...renewal, id: 'evt_renewal_1_again' })).toBe('applied');
    expect((await userByEmail(email))!.transformationsUsed).toBe(5);
  });

  it('an out-of-order subscription.updated does not overwrite a newer state', async () => {
    const email = 'order.user@example.com';
    const { sub } = await paidSubscriberWithAccount(email);
    const base = {
      customerId: sub.customerId,
      customerEmail: email,
      currentPeriodEnd: new Date(),
      cancelAtPeriodEnd: false,
      id: sub.subscriptionId,
    };
    const now = Math.floor(Date.now() / 1000) + 100;
    await applyPaymentEvent(db(), {
      id: 'evt_new',
      created: now + 10,
      type: 'customer.subscription.updated',
      subscription: { ...base, status: 'past_due' },
    });
    await applyPaymentEvent(db(), {
      id: 'evt_old',
      created: now,
      type: 'customer.subscription.updated',
      subscription: { ...base, status: 'active' },
    });
    expect((await userByEmail(email))!.subscriptionStatus).toBe('past_due');
  });

  it('refuses a webhook with a bad signature and applies a signed one', async () => {
    const body = JSON.stringify({
      id: 'evt_hook',
      created: 1,
      type: 'invoice.payment_failed',
      invoiceId: 'in_x',
      subscriptionId: 'sub_x',
      customerId: 'cus_x',
      message: 'x',
    });
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: body,
      headers: { 'content-type': 'application/json', 'x-local-signature': 'bad' },
    });
    expect(bad.statusCode).toBe(400);
    const good = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: body,
      headers: { 'content-type': 'application/json', 'x-local-signature': signLocalWebhook(ctx.config.AUTH_SECRET, body) },
    });
    expect(good.statusCode).toBe(200);
    // Signed, but of no event's shape: refused as a bad delivery, nothing applied.
    const odd = JSON.stringify({ id: 'evt_odd', created: 1, type: 'invoice.paid', invoiceId: 'in_x' });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: odd,
      headers: { 'content-type': 'application/json', 'x-local-signature': signLocalWebhook(ctx.config.AUTH_SECRET, odd) },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('20 concurrent reserves with one credit left give exactly one success', async () => {
    const { id } = await createUser(db(), { transformationsUsed: 29 });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => reserveCredit(db(), id)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason.status === 402)).toBe(true);
    expect((await db().select().from(users).where(eq(users.id, id)))[0]!.transformationsUsed).toBe(30);
  });
});
