import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../src/db/schema';
import { cookieHeader, signInLinksFromOutbox } from './fixtures';
import { eventually, TEST_ORIGIN, type createTestApp } from './test-app';

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
