import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@rv/contracts/messages';
import { accounts, users } from '../../db/schema';
import { cookieHeader, createUser, signInLinksFromOutbox, signInNewUser } from '../../../test/fixtures';
import { createTestApp, eventually, TEST_ORIGIN } from '../../../test/test-app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

describe('POST /api/account/password: set or change the password from the Account page (ADR 029)', () => {
  let ctx: TestApp;
  let address = 0;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  // Each call from its own client address, so the per-address limits of the sign-in routes stay out of the way.
  const post = (url: string, payload: object, cookie = '') =>
    ctx.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: `203.0.113.${(address = (address % 250) + 1)}`,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  const get = (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
  const setPassword = (cookie: string, body: { newPassword: string; currentPassword?: string }) =>
    post('/api/account/password', body, cookie);
  const passwordLogin = (email: string, password: string) => post('/api/login/password', { email, password });
  const credentialOf = async (userId: string) =>
    (
      await ctx.app.services.database.db
        .select({ password: accounts.password })
        .from(accounts)
        .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    )[0]?.password ?? null;

  /** Signs in with the link mailed to `email` (request it, read it from the outbox, POST its token as /process-login does). */
  async function signInByLink(email: string) {
    const seen = signInLinksFromOutbox(ctx.config.DATA_DIR, email).length;
    expect((await post('/api/request-signin', { email })).statusCode).toBe(200);
    const links = await eventually(async () => {
      const all = signInLinksFromOutbox(ctx.config.DATA_DIR, email);
      return all.length > seen ? all : undefined;
    });
    const login = await post('/api/login', { email, token: new URL(links.at(-1)!).searchParams.get('token')! });
    expect(login.statusCode).toBe(200);
    return cookieHeader(login.headers['set-cookie']);
  }

  it('a proven account without a password sets one, and the password sign-in works with it', async () => {
    const { id, email } = await createUser(ctx.app.services.database.db, { email: 'no.password@example.com' });
    const cookie = await signInByLink(email);
    expect((await get('/api/user-profile', cookie)).json()).toMatchObject({ email, emailConfirmed: true, hasPassword: false });
    expect((await passwordLogin(email, 'my new password')).statusCode).toBe(401);

    const res = await setPassword(cookie, { newPassword: 'my new password' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.password.passwordSet, hasPassword: true });
    // Stored as better-auth stores a password: the user's credential account, our scrypt hash.
    expect(await credentialOf(id)).toMatch(/^scrypt\$/);
    expect((await get('/api/user-profile', cookie)).json().hasPassword).toBe(true);
    expect((await get('/api/user-profile', cookie)).statusCode).toBe(200);
    const login = await passwordLogin(email, 'my new password');
    expect(login.statusCode).toBe(200);
    expect((await get('/api/user-profile', cookieHeader(login.headers['set-cookie']))).json().email).toBe(email);
  });

  it('a change needs the current password: none or a wrong one is refused and changes nothing, the right one changes it', async () => {
    const { id, email, cookie } = await signInNewUser(ctx.app, ctx.app.services.database.db, { email: 'changer@example.com' });
    const before = await credentialOf(id);

    const missing = await setPassword(cookie, { newPassword: 'a newer password' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(messages.password.currentRequired);
    const wrong = await setPassword(cookie, { newPassword: 'a newer password', currentPassword: 'not my password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe(messages.password.currentWrong);
    expect(await credentialOf(id)).toBe(before);
    expect((await get('/api/user-profile', cookie)).statusCode).toBe(200);

    const right = await setPassword(cookie, { newPassword: 'a newer password', currentPassword: 'a long password' });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ message: messages.password.passwordChanged, hasPassword: true });
    expect((await passwordLogin(email, 'a long password')).statusCode).toBe(401);
    expect((await passwordLogin(email, 'a newer password')).statusCode).toBe(200);
  });

  it("wrong current passwords count against the account's one password allowance, shared with the password sign-in", async () => {
    const { email, cookie } = await signInNewUser(ctx.app, ctx.app.services.database.db, { email: 'guessed@example.com' });
    // The sign-in used one check of ten; nine wrong guesses here use up the rest...
    for (let i = 0; i < 9; i++) {
      const res = await setPassword(cookie, { newPassword: 'the guesser wants this', currentPassword: `guess ${i}` });
      expect(res.statusCode).toBe(403);
    }
    // ...after which even the right one is refused here, and on the password sign-in from a fresh address.
    const limited = await setPassword(cookie, { newPassword: 'the guesser wants this', currentPassword: 'a long password' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe(messages.server.tooManyRequests);
    expect((await passwordLogin(email, 'a long password')).statusCode).toBe(429);
  });

  it("refuses a new password under 8 characters with the spec's text, changing nothing", async () => {
    const { id, cookie } = await signInNewUser(ctx.app, ctx.app.services.database.db, { email: 'short@example.com' });
    const before = await credentialOf(id);
    const res = await setPassword(cookie, { newPassword: 'seven77', currentPassword: 'a long password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(messages.validation.passwordTooShort);
    expect(await credentialOf(id)).toBe(before);
  });

  it('answers 401 with the log-in text when signed out, or with an ended session', async () => {
    const res = await setPassword('', { newPassword: 'a password for nobody' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: messages.auth.pleaseLogIn, code: 'UNAUTHORIZED' });
    const { cookie } = await signInNewUser(ctx.app, ctx.app.services.database.db, { email: 'left@example.com' });
    expect((await post('/api/logout', {}, cookie)).statusCode).toBe(200);
    expect((await setPassword(cookie, { newPassword: 'a password after logout', currentPassword: 'a long password' })).statusCode).toBe(
      401,
    );
  });

  it('an account whose address is not proven yet cannot set a password it does not have (a hosted-checkout buyer)', async () => {
    const email = 'hosted.buyer@example.com';
    const session = await post('/api/create-checkout-session', { email, name: 'Hosted Buyer' });
    const id = new URL(session.json().url as string).pathname.split('/').pop()!;
    expect((await post(`/api/local-payments/checkout/${id}/pay`, { card: GOOD_CARD })).statusCode).toBe(200);
    const verified = await post('/api/verify-payment', { sessionId: id });
    expect(verified.json()).toEqual({ success: true, message: 'created' });
    const cookie = cookieHeader(verified.headers['set-cookie']);
    expect((await get('/api/user-profile', cookie)).json()).toMatchObject({ emailConfirmed: false, hasPassword: false });

    const res = await setPassword(cookie, { newPassword: 'a squatter could type this' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(messages.password.confirmEmailFirst);
    const [user] = await ctx.app.services.database.db.select().from(users).where(eq(users.email, email));
    expect(await credentialOf(user!.id)).toBeNull();
    expect((await passwordLogin(email, 'a squatter could type this')).statusCode).toBe(401);

    // Once the owner opens a link, the address is proven and they may set one.
    const owner = await signInByLink(email);
    expect((await setPassword(owner, { newPassword: 'the owner’s own password' })).statusCode).toBe(200);
    expect((await passwordLogin(email, 'the owner’s own password')).statusCode).toBe(200);
  });

  it('ends every other session of the account and keeps the one that asked', async () => {
    const { email, cookie } = await signInNewUser(ctx.app, ctx.app.services.database.db, { email: 'many.devices@example.com' });
    const phone = cookieHeader((await passwordLogin(email, 'a long password')).headers['set-cookie']);
    const laptop = await signInByLink(email);
    const other = await signInNewUser(ctx.app, ctx.app.services.database.db, { email: 'someone.else@example.com' });
    for (const each of [cookie, phone, laptop, other.cookie]) expect((await get('/api/user-profile', each)).statusCode).toBe(200);

    expect((await setPassword(cookie, { newPassword: 'after a stolen laptop', currentPassword: 'a long password' })).statusCode).toBe(200);
    expect((await get('/api/user-profile', cookie)).statusCode).toBe(200);
    expect((await get('/api/user-profile', phone)).statusCode).toBe(401);
    expect((await get('/api/user-profile', laptop)).statusCode).toBe(401);
    // Nobody else's session is touched.
    expect((await get('/api/user-profile', other.cookie)).statusCode).toBe(200);
  });

  it('a password changed before the first proof of the address is still ended by it (ADR 023)', async () => {
    const email = 'card.buyer@example.com';
    const sub = (await post('/api/create-subscription', { email, name: '' })).json();
    expect((await post('/api/local-payments/confirm', { clientSecret: sub.clientSecret, card: GOOD_CARD })).statusCode).toBe(200);
    const account = await post('/api/create-account', {
      email,
      password: 'typed at checkout',
      stripeCustomerId: sub.customerId,
      stripeSubscriptionId: sub.subscriptionId,
    });
    const buyer = cookieHeader(account.headers['set-cookie']);
    expect((await get('/api/user-profile', buyer)).json()).toMatchObject({ emailConfirmed: false, hasPassword: true });
    const changed = await setPassword(buyer, { newPassword: 'changed before the proof', currentPassword: 'typed at checkout' });
    expect(changed.statusCode).toBe(200);
    expect((await passwordLogin(email, 'changed before the proof')).statusCode).toBe(200);

    const owner = await signInByLink(email);
    expect((await get('/api/user-profile', buyer)).statusCode).toBe(401);
    expect((await passwordLogin(email, 'changed before the proof')).statusCode).toBe(401);
    expect((await get('/api/user-profile', owner)).json()).toMatchObject({ emailConfirmed: true, hasPassword: false });
  });
});
