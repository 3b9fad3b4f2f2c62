import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts, localSubscriptions, sessions, users } from '../db/schema';
import type * as PasswordHash from './password-hash';
import { cookieHeader, signInLinksFromOutbox, signInNewUser } from '../../test/fixtures';
import { browser, GOOD_CARD, openNewestSignInLink, subscribeWithCard, type TestApp } from '../../test/identity-steps';
import { makeJpeg, twoColourPhoto } from '../../test/images';
import { PASSWORD_REMOVED_TOLD_MS } from '../features/account/user-profile';
import { createTestApp, eventually, multipart, TEST_ORIGIN } from '../../test/test-app';

/**
 * What runs between better-auth's password check and its session write: a test sets it to make the
 * owner's first proof land exactly there (a squatter's password sign-in racing the owner's first proof, ADR 032), deterministically.
 */
const between = vi.hoisted(() => ({ afterPasswordCheck: null as null | (() => Promise<void>) }));
vi.mock('./password-hash', async (importOriginal) => {
  const actual = await importOriginal<typeof PasswordHash>();
  return {
    ...actual,
    verifyPassword: async (input: Parameters<typeof actual.verifyPassword>[0]) => {
      const ok = await actual.verifyPassword(input);
      const step = between.afterPasswordCheck;
      between.afterPasswordCheck = null;
      if (step) await step();
      return ok;
    },
  };
});

describe('the first proof of an address ends every way in that came before it and keeps what the account holds (ADR 032, ADR 056)', () => {
  let ctx: TestApp;
  const b = browser(() => ctx);
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const db = () => ctx.app.services.database.db;
  const profileOf = (cookie: string) => b.get('/api/user-profile', cookie);
  const requestLink = async (email: string) => {
    const seen = signInLinksFromOutbox(ctx.config.DATA_DIR, email).length;
    expect((await b.post('/api/request-signin', { email })).statusCode).toBe(200);
    return seen;
  };
  const saveProfile = async (cookie: string, email: string, name: string) => {
    const body = multipart({ name, email }, [{ field: 'avatar', filename: 'me.jpg', data: await makeJpeg({ width: 64, height: 64 }) }]);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user-profile/update',
      headers: { ...body.headers, origin: TEST_ORIGIN, cookie },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
  };
  const stored = (key: string) => existsSync(path.join(ctx.config.DATA_DIR, 'files', key));
  /** Makes a StyleLens from five photos and saves it. */
  const saveStyleLens = async (cookie: string) => {
    const colours = ['#1f2e50', '#eee0c2', '#c2643c', '#9caf88', '#6b4f3a'];
    const photos = await Promise.all(colours.map((colour, i) => twoColourPhoto(colour, colours[(i + 1) % colours.length]!)));
    const body = multipart(
      {},
      photos.map((data, i) => ({ field: 'styles', filename: `style-${i}.jpg`, data })),
    );
    const analyzed = await ctx.app.inject({
      method: 'POST',
      url: '/api/stylelens/analyze',
      headers: { ...body.headers, origin: TEST_ORIGIN, cookie },
      payload: body.payload,
    });
    expect(analyzed.statusCode).toBe(200);
    expect((await b.post('/api/stylelens/save', {}, cookie)).statusCode).toBe(200);
  };

  it('the first link sign-in ends every way in that came before it and keeps what the account holds: name, photo, StyleLens, subscription', async () => {
    const email = 'profile.owner@example.com';
    const checkoutCookie = await subscribeWithCard(b, email, 'the checkout password');
    await saveProfile(checkoutCookie, email, 'Robin Buyer');
    await saveStyleLens(checkoutCookie);
    const before = (await b.userByEmail(email))!;
    const lensBefore = (await profileOf(checkoutCookie)).json().styleLens;
    expect(lensBefore).not.toBeNull();
    expect(before.avatarKey && stored(before.avatarKey)).toBeTruthy();

    const ownerCookie = await openNewestSignInLink(ctx, b, email, await requestLink(email));

    const owner = (await profileOf(ownerCookie)).json();
    expect(owner).toMatchObject({ email, name: 'Robin Buyer', emailConfirmed: true, hasPassword: false, passwordRemoved: true });
    expect(owner.userAvatarStorageUrl).not.toBeNull();
    expect(stored(before.avatarKey!)).toBe(true);
    expect(owner.styleLens).toEqual(lensBefore);
    expect(lensBefore.styleurls.length).toBeGreaterThan(0);
    // The subscription and its customer stay with the account (ADR 032): nothing paid is cancelled.
    const after = (await b.userByEmail(email))!;
    expect(after).toMatchObject({
      stripeCustomerId: before.stripeCustomerId,
      stripeSubscriptionId: before.stripeSubscriptionId,
      subscriptionStatus: 'active',
      transformationsUsed: before.transformationsUsed,
    });
    const [atProvider] = await db().select().from(localSubscriptions).where(eq(localSubscriptions.id, before.stripeSubscriptionId!));
    expect(atProvider!.status).toBe('active');
    // Whoever held the account before the proof keeps no way in: no session, no password, and so no billing portal.
    expect((await profileOf(checkoutCookie)).statusCode).toBe(401);
    expect((await b.post('/api/create-portal-session', { returnUrl: '/account' }, checkoutCookie)).statusCode).toBe(401);
    expect((await b.post('/api/login/password', { email, password: 'the checkout password' })).statusCode).toBe(401);

    // The notice belongs to the sign-in that made the proof: ten minutes on, a person who signs in by link by
    // choice goes where they were going.
    const [{ passwordRemovedAt }] = (await db()
      .select({ passwordRemovedAt: users.passwordRemovedAt })
      .from(users)
      .where(eq(users.email, email))) as [{ passwordRemovedAt: Date }];
    await db()
      .update(users)
      .set({ passwordRemovedAt: new Date(passwordRemovedAt.getTime() - PASSWORD_REMOVED_TOLD_MS) })
      .where(eq(users.email, email));
    expect((await profileOf(ownerCookie)).json()).toMatchObject({ hasPassword: false, passwordRemoved: false });
    await db().update(users).set({ passwordRemovedAt }).where(eq(users.email, email));

    // Setting a password again ends the notice; the new one signs in.
    expect((await b.post('/api/account/password', { newPassword: 'a brand new password' }, ownerCookie)).statusCode).toBe(200);
    expect((await profileOf(ownerCookie)).json()).toMatchObject({ hasPassword: true, passwordRemoved: false });
    expect((await b.post('/api/login/password', { email, password: 'a brand new password' })).statusCode).toBe(200);
  });

  it('a first proof that ended no password says nothing was removed', async () => {
    const user = await signInNewUser(ctx.app, db(), { email: 'no.password@example.com' });
    await db().delete(accounts).where(eq(accounts.userId, user.id));
    await db().update(users).set({ emailVerified: false, emailProvenAt: null }).where(eq(users.id, user.id));
    const cookie = await openNewestSignInLink(ctx, b, user.email, await requestLink(user.email));
    expect((await profileOf(cookie)).json()).toMatchObject({ emailConfirmed: true, hasPassword: false, passwordRemoved: false });
  });

  it('a buyer who opens the link in the browser their checkout signed in keeps what they set: the holder is the prover', async () => {
    const email = 'same.browser@example.com';
    const buyerCookie = await subscribeWithCard(b, email);
    await saveProfile(buyerCookie, email, 'Robin Buyer');
    const seen = await requestLink(email);
    const links = await eventually(async () => {
      const all = signInLinksFromOutbox(ctx.config.DATA_DIR, email);
      return all.length > seen ? all : undefined;
    });
    const token = new URL(links.at(-1)!).searchParams.get('token')!;
    const opened = await b.post('/api/login', { email, token }, buyerCookie);
    expect(opened.statusCode).toBe(200);
    const confirmed = (await profileOf(cookieHeader(opened.headers['set-cookie']))).json();
    expect(confirmed).toMatchObject({ name: 'Robin Buyer', emailConfirmed: true });
    expect(confirmed.userAvatarStorageUrl).not.toBeNull();
  });

  it("a squatter's password sign-in whose session is written after the owner's first proof keeps no session", async () => {
    const email = 'race.owner@example.com';
    await subscribeWithCard(b, email, 'the squatter password');
    const seen = await requestLink(email);
    // The owner opens their link after the squatter's password was checked, before its session is
    // written: the squatter's sign-in waits there until the owner's sign-in (its own request) is done.
    let reached!: () => void;
    const atCheck = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    between.afterPasswordCheck = async () => {
      reached();
      await released;
    };
    const pending = b.post('/api/login/password', { email, password: 'the squatter password' });
    await atCheck;
    const ownerCookie = await openNewestSignInLink(ctx, b, email, seen);
    release();
    const squatter = await pending;
    expect(ownerCookie).not.toBe('');
    expect(squatter.statusCode).toBe(401);
    expect(squatter.json().error).toBe('That e-mail and password do not match an account.');
    const squatterCookie = cookieHeader(squatter.headers['set-cookie']);
    if (squatterCookie) expect((await profileOf(squatterCookie)).statusCode).toBe(401);
    const user = (await b.userByEmail(email))!;
    const left = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toHaveLength(1);
    expect((await profileOf(ownerCookie)).json()).toMatchObject({ email, emailConfirmed: true });
  });

  it('a session from before a proof is refused on every read, whenever its row was written', async () => {
    const user = await signInNewUser(ctx.app, db());
    expect((await profileOf(user.cookie)).statusCode).toBe(200);
    expect((await b.get('/api/room-designs', user.cookie)).statusCode).toBe(200);
    // A proof raised the generation while this session's sign-in was under way (its row says 0).
    await db().update(users).set({ sessionGeneration: 1 }).where(eq(users.id, user.id));
    expect(
      (
        await db()
          .select()
          .from(sessions)
          .where(and(eq(sessions.userId, user.id), eq(sessions.generation, 0)))
      ).length,
    ).toBe(1);
    expect((await profileOf(user.cookie)).statusCode).toBe(401);
    expect((await b.get('/api/room-designs', user.cookie)).statusCode).toBe(401);
    expect((await b.post('/api/account/password', { newPassword: 'another long one' }, user.cookie)).statusCode).toBe(401);
  });

  it("a squatter's checkout return page held back until the owner proved the address signs nobody in", async () => {
    const email = 'held.back@example.com';
    const checkout = await b.post('/api/create-checkout-session', { email, name: 'Squatter' });
    expect(checkout.statusCode).toBe(200);
    const sessionId = new URL(checkout.json().url as string).pathname.split('/').pop()!;
    expect((await b.post(`/api/local-payments/checkout/${sessionId}/pay`, { card: GOOD_CARD })).statusCode).toBe(200);

    const ownerCookie = await openNewestSignInLink(ctx, b, email, await requestLink(email));
    const returned = await b.post('/api/verify-payment', { sessionId });
    expect(returned.json()).toEqual({ success: true, message: 'claimed' });
    expect(returned.headers['set-cookie']).toBeUndefined();
    expect((await profileOf(ownerCookie)).json()).toMatchObject({ email, emailConfirmed: true });
  });
});
