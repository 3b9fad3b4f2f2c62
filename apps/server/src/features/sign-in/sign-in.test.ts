import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@rv/contracts/messages';
import { adminAuditLog, rateLimitCounters, users, verifications } from '../../db/schema';
import { cookieHeader, createUser, signInLinksFromOutbox } from '../../../test/fixtures';
import { createTestApp, eventually, TEST_ORIGIN } from '../../../test/test-app';
import { readQueueStats } from '../../jobs/queue-stats';
import { SEND_MAIL_QUEUE } from '../../jobs/send-mail-job';
import { SIGN_IN_MAILS_PER_DAY } from './sign-in.routes';

describe('sign-in', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp({ ADMIN_EMAILS: 'boss@example.com' });
  });
  afterAll(() => ctx.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: TEST_ORIGIN, ...headers } });
  const get = (url: string, cookie = '') => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  async function requestLink(email: string): Promise<{ email: string; token: string }> {
    const before = signInLinksFromOutbox(ctx.config.DATA_DIR, email).length;
    const res = await post('/api/request-signin', { email });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.auth.checkYourEmail);
    const links = await eventually(async () => {
      const all = signInLinksFromOutbox(ctx.config.DATA_DIR, email);
      return all.length > before ? all : undefined;
    });
    const url = new URL(links.at(-1)!);
    expect(url.pathname).toBe('/process-login');
    return { email: url.searchParams.get('email')!, token: url.searchParams.get('token')! };
  }

  it('check-user answers success with request_signin, and the spec text for an unknown e-mail', async () => {
    const { email } = await createUser(ctx.app.services.database.db);
    const known = await post('/api/check-user', { email: `  ${email.toUpperCase()}\n` });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ success: true, user: { request_signin: null } });
    const unknown = await post('/api/check-user', { email: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(messages.auth.noAccount);
    const bad = await post('/api/check-user', { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(messages.validation.invalidEmailFormat);
  });

  it('a mailed link signs in once; the token is stored hashed; the session works until logout revokes it', async () => {
    const { email } = await createUser(ctx.app.services.database.db);
    const link = await requestLink(email);
    const stored = await ctx.app.services.database.db
      .select()
      .from(verifications)
      .where(like(verifications.value, `%${email}%`));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.identifier).not.toContain(link.token);
    expect((await post('/api/check-user', { email })).json().user.request_signin).toEqual(expect.any(String));

    const login = await post('/api/login', link);
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ email, hasToolAccess: true });
    const setCookie = ([] as string[]).concat(login.headers['set-cookie'] ?? []);
    expect(setCookie.join(';')).toMatch(/HttpOnly/i);
    expect(setCookie.join(';')).toMatch(/SameSite=Lax/i);
    const cookie = cookieHeader(login.headers['set-cookie']);
    expect((await get('/api/me', cookie)).json()).toEqual({ isAdmin: false });

    const again = await post('/api/login', link);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(messages.auth.noSignInRequest);

    const logout = await post('/api/logout', {}, { cookie });
    expect(logout.json().message).toBe(messages.auth.loggedOut);
    expect((await get('/api/me', cookie)).statusCode).toBe(401);
  });

  it('each sign-in gets a new session id', async () => {
    const { email } = await createUser(ctx.app.services.database.db);
    const first = cookieHeader((await post('/api/login', await requestLink(email))).headers['set-cookie']);
    const second = cookieHeader((await post('/api/login', await requestLink(email))).headers['set-cookie']);
    expect(first).not.toBe(second);
  });

  it('an expired token fails with the expiry text', async () => {
    const { email } = await createUser(ctx.app.services.database.db);
    const link = await requestLink(email);
    await ctx.app.services.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verifications.value, `%${email}%`));
    const res = await post('/api/login', link);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(messages.validation.signInExpired);
  });

  it("a link whose stored record is not a sign-in link's (not JSON, another record's shape) is no sign-in request", async () => {
    for (const value of ['{"type":"magic-link"', (email: string) => JSON.stringify({ type: 'email-change', userId: 'u', email })]) {
      const { email } = await createUser(ctx.app.services.database.db);
      const link = await requestLink(email);
      await ctx.app.services.database.db
        .update(verifications)
        .set({ value: typeof value === 'string' ? value : value(email) })
        .where(like(verifications.value, `%${email}%`));
      const res = await post('/api/login', link);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(messages.auth.noSignInRequest);
    }
  });

  it('a token for one e-mail does not sign in another, and a forged or missing token fails', async () => {
    const a = await createUser(ctx.app.services.database.db);
    const b = await createUser(ctx.app.services.database.db);
    const link = await requestLink(a.email);
    const wrong = await post('/api/login', { email: b.email, token: link.token });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(messages.auth.noSignInRequest);
    const forged = await post('/api/login', { email: a.email, token: 'x'.repeat(43) });
    expect(forged.json().error).toBe(messages.auth.noSignInRequest);
    expect((await post('/api/login', { email: a.email })).statusCode).toBe(400);
    expect((await post('/api/login', link)).statusCode).toBe(200);
  });

  it('a user removed after asking gets the user-not-found text', async () => {
    const { email, id } = await createUser(ctx.app.services.database.db);
    const link = await requestLink(email);
    await ctx.app.services.database.db.delete(users).where(eq(users.id, id));
    const res = await post('/api/login', link);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(messages.auth.userNotFound);
  });

  it('refuses the sixth sign-in request in a minute for one e-mail with 429', async () => {
    const { email } = await createUser(ctx.app.services.database.db);
    for (let i = 0; i < 5; i++) expect((await post('/api/request-signin', { email })).statusCode).toBe(200);
    const sixth = await post('/api/request-signin', { email });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toBe(messages.server.tooManyRequests);
  });

  it('caps the sign-in mails one address is sent in a day, whatever the client addresses asking', async () => {
    const db = ctx.app.services.database.db;
    const { email } = await createUser(db);
    const other = await createUser(db);
    // Each batch of five comes from new client addresses a minute later (the minute's window is ended in the database).
    const minutePasses = (address: string) =>
      db
        .update(rateLimitCounters)
        .set({ resetsAt: sql`now()` })
        .where(eq(rateLimitCounters.key, `request-signin:email:${address}`));
    let client = 0;
    const ask = (address: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/request-signin',
        payload: { email: address },
        headers: { origin: TEST_ORIGIN },
        remoteAddress: `203.0.113.${++client}`,
      });
    for (let i = 0; i < SIGN_IN_MAILS_PER_DAY; i++) {
      if (i % 5 === 0) await minutePasses(email);
      const res = await ask(email);
      expect([i, res.statusCode]).toEqual([i, 200]);
    }
    await minutePasses(email);
    const refused = await ask(email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(messages.server.tooManyRequests);
    // Another minute on, still refused: the day's allowance is spent.
    await minutePasses(email);
    expect((await ask(email)).statusCode).toBe(429);
    // Exactly the day's allowance of mails reached the inbox.
    await eventually(async () => signInLinksFromOutbox(ctx.config.DATA_DIR, email).length >= SIGN_IN_MAILS_PER_DAY, 60_000).catch(() => {
      throw new Error(`${signInLinksFromOutbox(ctx.config.DATA_DIR, email).length} mails`);
    });
    // Every mail job has run (none waiting or in hand), so no further mail is on its way.
    await eventually(async () => {
      const mail = (await readQueueStats(ctx.app.services.database)).find((queue) => queue.queue === SEND_MAIL_QUEUE);
      return mail && mail.waiting + mail.active === 0;
    });
    expect(signInLinksFromOutbox(ctx.config.DATA_DIR, email)).toHaveLength(SIGN_IN_MAILS_PER_DAY);
    // Another address keeps its own allowance.
    expect((await ask(other.email)).statusCode).toBe(200);
  }, 120_000);

  it('refuses a cross-origin sign-in call', async () => {
    const { email } = await createUser(ctx.app.services.database.db);
    for (const url of ['/api/request-signin', '/api/login', '/api/logout', '/api/login/password']) {
      const res = await post(url, { email, token: 'x', password: 'x' }, { origin: 'https://evil.example' });
      expect(res.statusCode).toBe(403);
    }
  });

  it('signs in with a password, and refuses a wrong one', async () => {
    const { email } = await createUser(ctx.app.services.database.db, { password: 'correct horse battery' });
    const wrong = await post('/api/login/password', { email, password: 'wrong password' });
    expect(wrong.statusCode).toBe(401);
    const right = await post('/api/login/password', { email, password: 'correct horse battery' });
    expect(right.statusCode).toBe(200);
    const cookie = cookieHeader(right.headers['set-cookie']);
    expect((await get('/api/user-profile', cookie)).json()).toMatchObject({
      email,
      transformationsLimit: 30,
      subscriptionStatus: 'active',
    });
  });

  it('makes ADMIN_EMAILS admins at sign-in', async () => {
    await createUser(ctx.app.services.database.db, { email: 'boss@example.com' });
    const cookie = cookieHeader((await post('/api/login', await requestLink('boss@example.com'))).headers['set-cookie']);
    expect((await get('/api/me', cookie)).json()).toEqual({ isAdmin: true });
    // The grant is a role change like any other: written to the audit log, by the configuration.
    const audit = await ctx.app.services.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetEmail, 'boss@example.com'));
    expect(audit.map((row) => [row.actorEmail, row.action])).toEqual([['ADMIN_EMAILS', 'grant-admin']]);
  });

  it('answers 401 without a session and reports tool access', async () => {
    expect((await get('/api/user-profile')).statusCode).toBe(401);
    expect((await get('/api/me')).statusCode).toBe(401);
    expect((await get('/api/check-tool-access')).json()).toEqual({ hasAccess: false });
    const { email } = await createUser(ctx.app.services.database.db, { subscriptionStatus: 'canceled' });
    const cookie = cookieHeader((await post('/api/login', await requestLink(email))).headers['set-cookie']);
    expect((await get('/api/check-tool-access', cookie)).json()).toEqual({ hasAccess: false });
  });

  it("update-firebase-uuid records only the caller's own sign-in id", async () => {
    const a = await createUser(ctx.app.services.database.db);
    const b = await createUser(ctx.app.services.database.db);
    const cookie = cookieHeader((await post('/api/login', await requestLink(a.email))).headers['set-cookie']);
    const other = await post('/api/update-firebase-uuid', { firebaseUUID: b.id, userEmail: b.email }, { cookie });
    expect(other.statusCode).toBe(403);
    const foreignId = await post('/api/update-firebase-uuid', { firebaseUUID: b.id, userEmail: a.email }, { cookie });
    expect(foreignId.statusCode).toBe(403);
    const own = await post('/api/update-firebase-uuid', { firebaseUUID: a.id, userEmail: a.email }, { cookie });
    expect(own.statusCode).toBe(200);
    expect((await get('/api/user-profile', cookie)).json().firebaseUUID).toBe(a.id);
  });
});
