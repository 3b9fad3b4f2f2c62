import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@rv/contracts/messages';
import { users } from '../../db/schema';
import { applyPaymentEvent } from '../../payments/apply-payment-event';
import type { FakeStripeApi } from '@rv/testing/fake-stripe-api';
import { cookieHeader, createUser, signInLinksFromOutbox } from '../../../test/fixtures';
import {
  browser,
  deliverCheckoutCompleted,
  GOOD_CARD,
  openNewestSignInLink,
  startAppOnStripeStandIn,
  subscribeWithCard,
  type TestApp,
} from '../../../test/identity-steps';
import { createTestApp, eventually } from '../../../test/test-app';

describe('a checkout never signs anyone in to an account that existed before it (local payments)', () => {
  let ctx: TestApp;
  const b = browser(() => ctx);
  beforeAll(async () => {
    ctx = await createTestApp({ ADMIN_EMAILS: 'boss@example.com' });
  });
  afterAll(() => ctx.close());

  it("the checkout takeover: a signed-out checkout naming a subscriber's e-mail is refused and changes nothing", async () => {
    const victimEmail = 'victim@example.com';
    const victimCookie = await subscribeWithCard(b, victimEmail);
    const before = (await b.userByEmail(victimEmail))!;

    for (const url of ['/api/create-checkout-session', '/api/create-subscription']) {
      const attempt = await b.post(url, { email: victimEmail, name: 'Attacker' });
      expect(attempt.statusCode).toBe(409);
      expect(attempt.json().error).toBe(messages.billing.accountExistsSignIn);
      expect(attempt.headers['set-cookie']).toBeUndefined();
    }
    // The attacker's browser has no session; the victim's is untouched, as are their provider ids.
    expect((await b.get('/api/user-profile')).statusCode).toBe(401);
    expect((await b.get('/api/user-profile', victimCookie)).json().email).toBe(victimEmail);
    const after = (await b.userByEmail(victimEmail))!;
    expect(after.stripeCustomerId).toBe(before.stripeCustomerId);
    expect(after.stripeSubscriptionId).toBe(before.stripeSubscriptionId);
  });

  it('an account made for the e-mail while the attacker pays is not opened, linked or changed by the payment', async () => {
    const email = 'late.owner@example.com';
    const checkout = await b.post('/api/create-checkout-session', { email, name: 'Early Attacker' });
    expect(checkout.statusCode).toBe(200);
    const sessionId = new URL(checkout.json().url as string).pathname.split('/').pop()!;
    // The owner subscribes (and signs in) meanwhile.
    const ownerCookie = await subscribeWithCard(b, email);
    const owner = (await b.userByEmail(email))!;

    expect((await b.post(`/api/local-payments/checkout/${sessionId}/pay`, { card: GOOD_CARD })).statusCode).toBe(200);
    const verified = await b.post('/api/verify-payment', { sessionId });
    // The payment that made no account is cancelled and refunded (ADR 055), and the page says so.
    expect(verified.json()).toEqual({ success: false, message: messages.billing.paymentRefunded });
    expect(verified.headers['set-cookie']).toBeUndefined();
    const paid = (await ctx.app.services.payments.retrieveCheckoutSession(sessionId))!;
    expect(await ctx.app.services.payments.retrieveSubscription(paid.subscriptionId!)).toMatchObject({ status: 'canceled' });

    const after = (await b.userByEmail(email))!;
    expect(after).toMatchObject({
      id: owner.id,
      stripeCustomerId: owner.stripeCustomerId,
      stripeSubscriptionId: owner.stripeSubscriptionId,
    });
    expect((await b.get('/api/user-profile', ownerCookie)).statusCode).toBe(200);
  });

  it('a subscriber subscribes again signed in: the new subscription links to them by our record, whatever e-mail was typed', async () => {
    const email = 'returning@example.com';
    const cookie = await subscribeWithCard(b, email);
    const user = (await b.userByEmail(email))!;
    await ctx.app.services.database.db.update(users).set({ subscriptionStatus: 'canceled' }).where(eq(users.id, user.id));

    const checkout = await b.post('/api/create-checkout-session', { email: 'someone.else@example.com', name: '' }, cookie);
    expect(checkout.statusCode).toBe(200);
    const sessionId = new URL(checkout.json().url as string).pathname.split('/').pop()!;
    const page = (await b.get(`/api/local-payments/checkout/${sessionId}`)).json();
    expect(page.email).toBe(email);
    await b.post(`/api/local-payments/checkout/${sessionId}/pay`, { card: GOOD_CARD });
    expect((await b.post('/api/verify-payment', { sessionId }, cookie)).json()).toEqual({ success: true, message: 'subscribed' });

    const after = (await b.userByEmail(email))!;
    expect(after.stripeSubscriptionId).not.toBe(user.stripeSubscriptionId);
    expect(after.subscriptionStatus).toBe('active');
    expect(await b.userByEmail('someone.else@example.com')).toBeUndefined();
    // An active subscriber is not sold a second subscription.
    const again = await b.post('/api/create-checkout-session', { email, name: '' }, cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(messages.billing.alreadySubscribed);
  });

  it('a squatter who paid first with the owner’s e-mail loses the account when the owner signs in by magic link', async () => {
    const email = 'real.owner@example.com';
    const squatterCookie = await subscribeWithCard(b, email, 'the squatter password');
    const profile = (await b.get('/api/user-profile', squatterCookie)).json();
    expect(profile.emailConfirmed).toBe(false);

    const seen = signInLinksFromOutbox(ctx.config.DATA_DIR, email).length;
    expect((await b.post('/api/request-signin', { email })).statusCode).toBe(200);
    const ownerCookie = await openNewestSignInLink(ctx, b, email, seen);

    expect((await b.get('/api/user-profile', squatterCookie)).statusCode).toBe(401);
    const squatterLogin = await b.post('/api/login/password', { email, password: 'the squatter password' });
    expect(squatterLogin.statusCode).toBe(401);
    const owner = await b.get('/api/user-profile', ownerCookie);
    expect(owner.json()).toMatchObject({ email, emailConfirmed: true });

    // Later proofs end nothing: the owner's session survives their next sign-in.
    const seenAgain = signInLinksFromOutbox(ctx.config.DATA_DIR, email).length;
    await b.post('/api/request-signin', { email });
    await openNewestSignInLink(ctx, b, email, seenAgain);
    expect((await b.get('/api/user-profile', ownerCookie)).statusCode).toBe(200);
  });

  it('the welcome e-mail of a new account carries the link that confirms the address', async () => {
    const email = 'welcomed@example.com';
    const seen = signInLinksFromOutbox(ctx.config.DATA_DIR, email).length;
    const buyerCookie = await subscribeWithCard(b, email);
    const welcome = await eventually(async () => signInLinksFromOutbox(ctx.config.DATA_DIR, email).length > seen || undefined);
    expect(welcome).toBe(true);
    const mail = (await import('../../../test/fixtures')).outboxMail(ctx.config.DATA_DIR, email).at(-1)!;
    expect(mail).toContain('Subject: Welcome to Room Visualizer: confirm your e-mail');
    const confirmedCookie = await openNewestSignInLink(ctx, b, email, seen);
    expect((await b.get('/api/user-profile', confirmedCookie)).json().emailConfirmed).toBe(true);
    // The buyer's first session was made before the proof: it ended with it.
    expect((await b.get('/api/user-profile', buyerCookie)).statusCode).toBe(401);
  });

  it('an e-mail listed in ADMIN_EMAILS gets the admin role only once its owner proved it, not from a checkout', async () => {
    const email = 'boss@example.com';
    const squatterCookie = await subscribeWithCard(b, email, 'squatting the admin');
    expect((await b.get('/api/me', squatterCookie)).json()).toEqual({ isAdmin: false });
    const seen = signInLinksFromOutbox(ctx.config.DATA_DIR, email).length;
    await b.post('/api/request-signin', { email });
    const ownerCookie = await openNewestSignInLink(ctx, b, email, seen);
    await eventually(async () => (await b.get('/api/me', ownerCookie)).json().isAdmin === true || undefined);
  });

  it('an invoice.paid delivered after the subscription was deleted leaves access ended', async () => {
    const email = 'ended@example.com';
    const cookie = await subscribeWithCard(b, email);
    const user = (await b.userByEmail(email))!;
    const subscription = (await ctx.app.services.payments.retrieveSubscription(user.stripeSubscriptionId!))!;
    const now = Math.floor(Date.now() / 1000);
    const db = ctx.app.services.database.db;
    await applyPaymentEvent(db, { id: 'evt_deleted', created: now, type: 'customer.subscription.deleted', subscription });
    expect((await b.get('/api/check-tool-access', cookie)).json()).toEqual({ hasAccess: false });
    await applyPaymentEvent(db, {
      id: 'evt_late_invoice',
      created: now - 60,
      type: 'invoice.paid',
      invoiceId: 'in_late',
      subscriptionId: subscription.id,
      customerId: subscription.customerId,
      periodEnd: new Date(Date.now() + 30 * 86_400_000),
    });
    await applyPaymentEvent(db, {
      id: 'evt_late_update',
      created: now - 30,
      type: 'customer.subscription.updated',
      subscription: { ...subscription, status: 'active' },
    });
    expect((await b.get('/api/check-tool-access', cookie)).json()).toEqual({ hasAccess: false });
    expect((await b.userByEmail(email))!.subscriptionStatus).toBe('canceled');
  });
});

describe('the same with PAYMENTS=stripe against the local Stripe stand-in (webhook and return page)', () => {
  let api: FakeStripeApi;
  let ctx: TestApp;
  let keys: Parameters<typeof deliverCheckoutCompleted>[0]['keys'];
  const b = browser(() => ctx);

  beforeAll(async () => {
    ({ api, ctx, keys } = await startAppOnStripeStandIn('identity'));
  });
  afterAll(async () => {
    await ctx.close();
    await api.close();
  });

  const deliverCompleted = (sessionId: string, eventId: string) => deliverCheckoutCompleted({ api, ctx, keys }, sessionId, eventId);

  const sessionIdOf = (url: string) => new URL(url).pathname.split('/').pop()!;

  it('a signed-out checkout naming an existing account is refused before Stripe is asked', async () => {
    const victim = await createUser(ctx.app.services.database.db, { email: 'stripe.victim@example.com' });
    await ctx.app.services.database.db
      .update(users)
      .set({ stripeCustomerId: 'cus_victim', stripeSubscriptionId: 'sub_victim' })
      .where(eq(users.id, victim.id));
    const calls = api.requests.length;
    const attempt = await b.post('/api/create-checkout-session', { email: victim.email, name: 'Attacker' });
    expect(attempt.statusCode).toBe(409);
    expect(attempt.json().error).toBe(messages.billing.accountExistsSignIn);
    expect(api.requests.length).toBe(calls);
  });

  it('a paid session whose e-mail got an account meanwhile links to no one: webhook and return page both', async () => {
    const email = 'stripe.late@example.com';
    const checkout = await b.post('/api/create-checkout-session', { email, name: 'Attacker' });
    expect(checkout.statusCode).toBe(200);
    const sessionId = sessionIdOf(checkout.json().url as string);
    const form = api.requests.at(-1)!.form;
    expect(form.get('customer_email')).toBe(email);
    expect(form.get('client_reference_id')).toEqual(expect.any(String));

    const victim = await createUser(ctx.app.services.database.db, { email });
    await ctx.app.services.database.db
      .update(users)
      .set({ stripeCustomerId: 'cus_owner', stripeSubscriptionId: 'sub_owner' })
      .where(eq(users.id, victim.id));
    const { subscriptionId, paymentIntentId } = api.completeCheckoutSession(sessionId);

    expect((await deliverCompleted(sessionId, 'evt_late_1')).statusCode).toBe(200);
    expect(api.requests.some((request) => request.method === 'DELETE' && request.path === `/v1/subscriptions/${subscriptionId}`)).toBe(
      true,
    );
    expect(api.refunds).toEqual([expect.objectContaining({ paymentIntent: paymentIntentId, amount: 1200 })]);
    const verified = await b.post('/api/verify-payment', { sessionId });
    // The payment that made no account is cancelled and refunded at Stripe (ADR 055), and the page says so.
    expect(verified.json()).toEqual({ success: false, message: messages.billing.paymentRefunded });
    expect(verified.headers['set-cookie']).toBeUndefined();
    expect((await b.userByEmail(email))!).toMatchObject({ stripeCustomerId: 'cus_owner', stripeSubscriptionId: 'sub_owner' });
  });

  it("a squatter's Stripe checkout: the owner's first proof keeps the subscription at Stripe, and the held-back return page signs nobody in", async () => {
    const email = 'stripe.owner@example.com';
    const checkout = await b.post('/api/create-checkout-session', { email, name: 'Squatter' });
    const sessionId = sessionIdOf(checkout.json().url as string);
    const { customerId, subscriptionId } = api.completeCheckoutSession(sessionId);
    expect((await deliverCompleted(sessionId, 'evt_squatter_1')).statusCode).toBe(200);
    expect((await b.userByEmail(email))!).toMatchObject({ emailProvenAt: null, stripeSubscriptionId: subscriptionId });

    const seen = signInLinksFromOutbox(ctx.config.DATA_DIR, email).length;
    expect((await b.post('/api/request-signin', { email })).statusCode).toBe(200);
    const ownerCookie = await openNewestSignInLink(ctx, b, email, seen);

    // The squatter opens the return page only now: nobody is signed in.
    const returned = await b.post('/api/verify-payment', { sessionId });
    expect(returned.json()).toEqual({ success: true, message: 'claimed' });
    expect(returned.headers['set-cookie']).toBeUndefined();
    // What was paid stays with the account (ADR 032): nothing was cancelled at Stripe.
    expect((await b.get('/api/user-profile', ownerCookie)).json()).toMatchObject({
      email,
      emailConfirmed: true,
      stripeCustomerId: customerId,
    });
    expect(api.requests.some((request) => request.method === 'DELETE' && request.path === `/v1/subscriptions/${subscriptionId}`)).toBe(
      false,
    );
  });

  it('a new buyer is signed in once on the return page, to a new unverified account linked by the reference', async () => {
    const email = 'stripe.buyer@example.com';
    const checkout = await b.post('/api/create-checkout-session', { email, name: 'Buyer' });
    const sessionId = sessionIdOf(checkout.json().url as string);
    const { customerId, subscriptionId } = api.completeCheckoutSession(sessionId);
    expect((await deliverCompleted(sessionId, 'evt_buyer_1')).statusCode).toBe(200);
    const verified = await b.post('/api/verify-payment', { sessionId });
    expect(verified.json()).toEqual({ success: true, message: 'created' });
    const cookie = cookieHeader(verified.headers['set-cookie']);
    expect((await b.get('/api/user-profile', cookie)).json()).toMatchObject({ email, stripeCustomerId: customerId, emailConfirmed: false });
    expect((await b.userByEmail(email))!.stripeSubscriptionId).toBe(subscriptionId);
    const replay = await b.post('/api/verify-payment', { sessionId });
    expect(replay.headers['set-cookie']).toBeUndefined();
    expect(replay.json()).toEqual({ success: true, message: 'claimed' });
    // A reload in the buyer's own browser still reads as done.
    expect((await b.post('/api/verify-payment', { sessionId }, cookie)).json()).toEqual({ success: true, message: 'created' });
  });
});
