import { eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../../db/schema';
import { cookieHeader, createUser, outboxMail, signInNewUser } from '../../../test/fixtures';
import { createTestApp, eventually, multipart, TEST_ORIGIN } from '../../../test/test-app';

/**
 * Google sign-in runs the OAuth code flow (state + PKCE) against a local OpenID provider started here:
 * issuer, discovery, authorize, token and userinfo/JWKS on 127.0.0.1.
 */
describe('Login with google', () => {
  const provider = new OAuth2Server();
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let profile: { sub: string; email: string; emailVerified?: boolean };

  beforeAll(async () => {
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    const claims = () => ({ sub: profile.sub, email: profile.email, email_verified: profile.emailVerified ?? true, name: 'Google User' });
    provider.service.on('beforeTokenSigning', (token) => {
      Object.assign(token.payload, claims());
    });
    provider.service.on('beforeUserinfo', (userinfo) => {
      userinfo.body = claims();
    });
    ctx = await createTestApp({
      GOOGLE_CLIENT_ID: 'test-client',
      GOOGLE_CLIENT_SECRET: 'test-secret',
      GOOGLE_DISCOVERY_URL: `${provider.issuer.url}/.well-known/openid-configuration`,
    });
  });
  afterAll(async () => {
    await ctx.close();
    await provider.stop();
  });

  /** Plays the browser: start, follow the provider's redirect, come back to our callback. */
  async function runFlow(options: { tamperState?: boolean } = {}) {
    const start = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: { provider: 'google', callbackURL: '/process-login?via=google', errorCallbackURL: '/login' },
    });
    expect(start.statusCode).toBe(200);
    const authorizeUrl = new URL(start.json().url as string);
    expect(authorizeUrl.origin).toBe(provider.issuer.url);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('state')).toBeTruthy();
    const stateCookies = cookieHeader(start.headers['set-cookie']);

    const authorize = await fetch(authorizeUrl, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location')!);
    if (options.tamperState) callback.searchParams.set('state', 'forged-state');
    const back = await ctx.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}`, headers: { cookie: stateCookies } });
    return { location: String(back.headers.location ?? ''), cookie: cookieHeader(back.headers['set-cookie']), status: back.statusCode };
  }

  it('signs in an existing account and links it by the provider subject', async () => {
    const user = await createUser(ctx.app.services.database.db);
    profile = { sub: 'google-sub-1', email: user.email };
    const result = await runFlow();
    expect(result.status).toBe(302);
    expect(result.location).toContain('/process-login?via=google');
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: result.cookie } });
    expect(me.statusCode).toBe(200);
    const [linked] = await ctx.app.services.database.db.select().from(accounts).where(eq(accounts.userId, user.id));
    expect(linked).toMatchObject({ providerId: 'google', accountId: 'google-sub-1' });

    // Once linked, the provider's subject finds the account even if the Google e-mail changes.
    profile = { sub: 'google-sub-1', email: 'renamed@example.com' };
    const again = await runFlow();
    expect(again.location).toContain('/process-login?via=google');
    const profileAnswer = await ctx.app.inject({ method: 'GET', url: '/api/user-profile', headers: { cookie: again.cookie } });
    expect(profileAnswer.json().email).toBe(user.email);
  });

  it('refuses to link an account through a Google e-mail that Google has not verified (Google is not trusted for every address)', async () => {
    const user = await createUser(ctx.app.services.database.db);
    profile = { sub: 'google-sub-unverified', email: user.email, emailVerified: false };
    const result = await runFlow();
    expect(result.location).toMatch(/^\/login\?error=/);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: result.cookie } });
    expect(me.statusCode).toBe(401);
    const linked = await ctx.app.services.database.db.select().from(accounts).where(eq(accounts.userId, user.id));
    expect(linked.filter((account) => account.providerId === 'google')).toEqual([]);
  });

  it("Google's verified e-mail is the first proof of an account a checkout made: the squatter's session and password end", async () => {
    const db = ctx.app.services.database.db;
    const password = 'a long password'; // signInNewUser's
    const squatter = await signInNewUser(ctx.app, db, { email: 'google.owner@example.com' });
    // As a checkout made it: nobody has proven the address yet.
    await db.update(users).set({ emailVerified: false, emailProvenAt: null }).where(eq(users.id, squatter.id));
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: squatter.cookie } })).statusCode).toBe(200);

    profile = { sub: 'google-sub-owner', email: squatter.email };
    const owner = await runFlow();
    expect(owner.location).toContain('/process-login?via=google');
    const ownerProfile = await ctx.app.inject({ method: 'GET', url: '/api/user-profile', headers: { cookie: owner.cookie } });
    expect(ownerProfile.json()).toMatchObject({ email: squatter.email, emailConfirmed: true });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: squatter.cookie } })).statusCode).toBe(401);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/password',
      headers: { origin: TEST_ORIGIN },
      payload: { email: squatter.email, password },
    });
    expect(again.statusCode).toBe(401);
    // The Google sign-in that made the proof is the owner's own: it stays linked and signs in again.
    const linked = await db.select().from(accounts).where(eq(accounts.userId, squatter.id));
    expect(linked.map((account) => account.providerId)).toEqual(['google']);
    expect(ownerProfile.json()).toMatchObject({ hasPassword: false, passwordRemoved: true });
    const later = await runFlow();
    expect(later.location).toContain('/process-login?via=google');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: later.cookie } })).statusCode).toBe(200);
  });

  it('confirming an address change ends the Google sign-in linked before it: the old Google account no longer opens the account', async () => {
    const db = ctx.app.services.database.db;
    const holder = await createUser(db);
    profile = { sub: 'google-sub-mover', email: holder.email };
    const first = await runFlow();
    expect(first.location).toContain('/process-login?via=google');

    const newEmail = `moved-${holder.id.slice(0, 8)}@example.com`;
    const body = multipart({ name: 'Mover', email: newEmail }, []);
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user-profile/update',
      headers: { ...body.headers, origin: TEST_ORIGIN, cookie: first.cookie },
      payload: body.payload,
    });
    expect(saved.statusCode).toBe(200);
    const mail = await eventually(async () => outboxMail(ctx.config.DATA_DIR, newEmail)[0]);
    const token = mail.match(/\/account\?confirm_email=([\w-]+)/)![1]!;
    const pressed = await ctx.app.inject({
      method: 'POST',
      url: '/api/user-profile/confirm-email',
      headers: { origin: TEST_ORIGIN },
      payload: { token },
    });
    expect(pressed.statusCode).toBe(200);

    expect(await db.select().from(accounts).where(eq(accounts.userId, holder.id))).toEqual([]);
    const again = await runFlow();
    expect(again.location).toMatch(/^\/login\?error=/);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: again.cookie } })).statusCode).toBe(401);
  });

  it('refuses an e-mail without an account (no account is created)', async () => {
    profile = { sub: 'google-sub-2', email: 'stranger@example.com' };
    const result = await runFlow();
    expect(result.location).toBe('/login?error=signup_disabled');
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: result.cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('refuses a wrong state', async () => {
    const user = await createUser(ctx.app.services.database.db);
    profile = { sub: 'google-sub-3', email: user.email };
    const result = await runFlow({ tamperState: true });
    expect(result.location).toMatch(/error=/);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: result.cookie } });
    expect(me.statusCode).toBe(401);
  });
});
