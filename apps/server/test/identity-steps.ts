import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { startFakeStripeApi, type FakeStripeApi } from '@rv/testing/fake-stripe-api';
import { users } from '../src/db/schema';
import { cookieHeader, signInLinksFromOutbox } from './fixtures';
import { createTestApp, eventually, TEST_ORIGIN } from './test-app';

/** Steps of the identity tests (checkout, sign-in link), as a browser takes them through the real app. */

export const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The calls a browser makes, with or without a session cookie. */
export function browser(ctx: () => TestApp) {
  const post = (url: string, payload: unknown, cookie = '') =>
    ctx().app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) } });
  const get = (url: string, cookie = '') => ctx().app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const userByEmail = async (email: string) => (await ctx().app.services.database.db.select().from(users).where(eq(users.email, email)))[0];
  return { post, get, userByEmail };
}

/** Subscribes through the embedded card form and sets a password: the new account's cookie. */
export async function subscribeWithCard(b: ReturnType<typeof browser>, email: string, password = 'the owner password') {
  const sub = (await b.post('/api/create-subscription', { email, name: '' })).json();
  expect((await b.post('/api/local-payments/confirm', { clientSecret: sub.clientSecret, card: GOOD_CARD })).statusCode).toBe(200);
  const account = await b.post('/api/create-account', {
    email,
    password,
    stripeCustomerId: sub.customerId,
    stripeSubscriptionId: sub.subscriptionId,
  });
  expect(account.statusCode).toBe(200);
  return cookieHeader(account.headers['set-cookie']);
}

/** Opens the newest sign-in link mailed to `email` the way /process-login does (a POST of its token). */
export async function openNewestSignInLink(ctx: TestApp, b: ReturnType<typeof browser>, email: string, seenBefore: number) {
  const links = await eventually(async () => {
    const all = signInLinksFromOutbox(ctx.config.DATA_DIR, email);
    return all.length > seenBefore ? all : undefined;
  });
  const token = new URL(links.at(-1)!).searchParams.get('token')!;
  const login = await b.post('/api/login', { email, token });
  expect(login.statusCode).toBe(200);
  return cookieHeader(login.headers['set-cookie']);
}

/** A test app on PAYMENTS=stripe against the local Stripe stand-in, its keys named after `label`. */
export async function startAppOnStripeStandIn(label: string): Promise<{ api: FakeStripeApi; ctx: TestApp; keys: StandInKeys }> {
  const keys = { secretKey: `sk_test_${label}`, webhookSecret: `whsec_${label}` };
  const api = await startFakeStripeApi({ secretKey: keys.secretKey });
  const ctx = await createTestApp({
    PAYMENTS: 'stripe',
    STRIPE_SECRET_KEY: keys.secretKey,
    STRIPE_PUBLISHABLE_KEY: `pk_test_${label}`,
    STRIPE_WEBHOOK_SECRET: keys.webhookSecret,
    STRIPE_PRICE_ID: `price_${label}`,
    STRIPE_API_URL: api.url,
  });
  return { api, ctx, keys };
}
type StandInKeys = { secretKey: string; webhookSecret: string };

/** Stripe's checkout.session.completed for the session as the stand-in now has it, signed for our endpoint. */
export async function deliverCheckoutCompleted(
  on: { api: FakeStripeApi; ctx: TestApp; keys: StandInKeys },
  sessionId: string,
  eventId: string,
) {
  const stripe = new Stripe(on.keys.secretKey, { host: '127.0.0.1', port: new URL(on.api.url).port, protocol: 'http' });
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'checkout.session.completed',
    data: { object: session },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: on.keys.webhookSecret });
  return on.ctx.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}
