import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@rv/contracts/messages';
import { users, verifications } from '../../db/schema';
import { cookieHeader, outboxMail, signInNewUser } from '../../../test/fixtures';
import { makeJpeg } from '../../../test/images';
import { createTestApp, eventually, multipart, TEST_ORIGIN } from '../../../test/test-app';
import { EMAIL_CHANGE_LINK_INVALID, emailChanged } from './confirm-email-change';
import { hasGeoDatabase, locateIp, toLocation } from './locate-ip';
import { EMAIL_TAKEN, pendingEmailChange } from './request-email-change';

const geoDatabase = await hasGeoDatabase();

describe('Personal Information: PUT /api/user-profile/update, e-mail change by link', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const db = () => ctx.app.services.database.db;
  const signIn = (name = 'Pat Profile') => signInNewUser(ctx.app, db(), { name });
  const save = (
    cookie: string,
    fields: Record<string, string>,
    files: Parameters<typeof multipart>[1] = [],
    extra: { remoteAddress?: string; origin?: string } = {},
  ) => {
    const body = multipart(fields, files);
    return ctx.app.inject({
      method: 'PUT',
      url: '/api/user-profile/update',
      headers: { ...body.headers, origin: extra.origin ?? TEST_ORIGIN, cookie },
      payload: body.payload,
      ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}),
    });
  };
  const profileOf = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/user-profile', headers: { cookie } });
  const row = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
  const mailsTo = (email: string) => outboxMail(ctx.config.DATA_DIR, email);
  const confirmToken = (eml: string) => eml.match(/\/account\?confirm_email=([\w-]+)/)?.[1];
  const confirm = (token: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/user-profile/confirm-email', headers: { origin: TEST_ORIGIN }, payload: { token } });

  it('asks for a session', async () => {
    const res = await save('', { name: 'X', email: 'x@example.com' });
    expect(res.statusCode).toBe(401);
  });

  it('saves the name and the location, and says so only once it is saved', async () => {
    const user = await signIn();
    const other = await signIn('Other Person');
    const location = { country: 'United Kingdom', countryCode: 'GB', city: 'Leeds', region: 'ENG', latitude: 53.8, longitude: -1.55 };
    const res = await save(user.cookie, { name: '  Pat Renamed ', email: user.email, location: JSON.stringify(location) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: messages.account.profileUpdated, location, pendingEmail: null });
    expect(res.json().profile).toMatchObject({ name: 'Pat Renamed', email: user.email });
    expect((await row(user.id)).name).toBe('Pat Renamed');
    const details = await ctx.app.inject({ method: 'GET', url: '/api/user-profile/details', headers: { cookie: user.cookie } });
    expect(details.json()).toEqual({ location, pendingEmail: null });
    // Nobody else changed.
    expect((await row(other.id)).name).toBe('Other Person');
  });

  it('refuses a location that is not the spec’s shape, and saves nothing', async () => {
    const user = await signIn();
    const res = await save(user.cookie, { name: 'Changed', email: user.email, location: '{"latitude":"north"}' });
    expect(res.statusCode).toBe(400);
    expect((await row(user.id)).name).toBe('Pat Profile');
  });

  it('stores an avatar as a stripped WebP only its owner can load, and removes the one it replaces', async () => {
    const user = await signIn();
    const first = await save(user.cookie, { name: 'Pat', email: user.email }, [
      { field: 'avatar', filename: 'me.jpg', data: await makeJpeg({ exif: true }), type: 'image/jpeg' },
    ]);
    expect(first.statusCode).toBe(200);
    const firstUrl: string = first.json().profile.userAvatarStorageUrl;
    expect(firstUrl).toMatch(new RegExp(`^/api/files/avatars/${user.id}/[\\w-]+\\.webp$`));
    const mine = await ctx.app.inject({ method: 'GET', url: firstUrl, headers: { cookie: user.cookie } });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/webp');
    const stranger = await signIn();
    expect((await ctx.app.inject({ method: 'GET', url: firstUrl, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);

    const second = await save(user.cookie, { name: 'Pat', email: user.email }, [
      { field: 'avatar', filename: 'me2.png', data: await makeJpeg({ width: 80, height: 80 }), type: 'image/png' },
    ]);
    expect(second.json().profile.userAvatarStorageUrl).not.toBe(firstUrl);
    expect(existsSync(path.join(ctx.config.DATA_DIR, 'files', firstUrl.replace('/api/files/', '')))).toBe(false);
  });

  it('refuses an avatar that is not an image with the spec’s text, and saves nothing', async () => {
    const user = await signIn();
    const res = await save(user.cookie, { name: 'Not Saved', email: user.email }, [
      { field: 'avatar', filename: 'me.png', data: Buffer.from('just some text, not a picture'), type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe(messages.validation.onlyImages);
    const saved = await row(user.id);
    expect(saved.name).toBe('Pat Profile');
    expect(saved.avatarKey).toBeNull();
  });

  it('refuses an e-mail without @', async () => {
    const user = await signIn();
    const res = await save(user.cookie, { name: 'Pat', email: 'pat.example.com' });
    expect(res.statusCode).toBe(400);
    expect((await row(user.id)).email).toBe(user.email);
  });

  it('reads the location as the JSON its declaration says, refusing one that is not, and saves nothing', async () => {
    const user = await signIn('Lou Location');
    const broken = await save(user.cookie, { name: 'Lou Changed', email: user.email, location: '{country: UK' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe('The form field location was not valid JSON.');
    expect((await row(user.id)).name).toBe('Lou Location');
  });

  it('changes the e-mail only after the link sent to the new address is confirmed, once; the old address is told', async () => {
    const user = await signIn();
    const newEmail = `new-${user.id.slice(0, 8)}@example.com`;
    const res = await save(user.cookie, { name: 'Pat', email: ` ${newEmail.toUpperCase()} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.email).toBe(user.email);
    expect(res.json().pendingEmail).toBe(newEmail);
    expect((await row(user.id)).email).toBe(user.email);

    const mail = await eventually(async () => mailsTo(newEmail)[0]);
    const token = confirmToken(mail)!;
    expect(token).toBeTruthy();
    // Only the token's hash is stored.
    const stored = await db().select().from(verifications);
    expect(stored.some((v) => v.identifier.includes(token) || v.value.includes(token))).toBe(false);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: emailChanged(newEmail), email: newEmail });
    expect((await row(user.id)).email).toBe(newEmail);
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(EMAIL_CHANGE_LINK_INVALID);
    await eventually(async () => mailsTo(user.email).some((eml) => eml.includes(newEmail)));
  });

  it('a change whose stored record is not a change record (not JSON, another shape) is no pending change and its link is not valid', async () => {
    const user = await signIn();
    const newEmail = `odd-${user.id.slice(0, 8)}@example.com`;
    expect((await save(user.cookie, { name: 'Pat', email: newEmail })).statusCode).toBe(200);
    const token = confirmToken(await eventually(async () => mailsTo(newEmail)[0]))!;
    // Another record's shape (the pending address is looked up by the JSON's userId, so the text is JSON).
    await db()
      .update(verifications)
      .set({ value: JSON.stringify({ type: 'magic-link', userId: user.id, email: newEmail }) })
      .where(like(verifications.value, `%${user.id}%`));
    expect(await pendingEmailChange(db(), user.id)).toBeNull();
    expect((await confirm(token)).json().error).toBe(EMAIL_CHANGE_LINK_INVALID);
    // Not JSON at all.
    await db()
      .update(verifications)
      .set({ value: `{"type":"email-change","userId":"${user.id}"` })
      .where(like(verifications.value, `%${user.id}%`));
    const refused = await confirm(token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(EMAIL_CHANGE_LINK_INVALID);
    expect((await row(user.id)).email).toBe(user.email);
    // (A text that is not JSON would stop every user's lookup of a pending change, which casts the value in SQL.)
    await db()
      .delete(verifications)
      .where(like(verifications.value, `%${user.id}%`));
  });

  it('the address-change link is the first proof of the new address: every session and the password end, the presser is signed in', async () => {
    const holder = await signIn('Holder Of Account');
    const otherDevice = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/password',
      headers: { origin: TEST_ORIGIN },
      payload: { email: holder.email, password: 'a long password' },
    });
    const otherCookie = cookieHeader(otherDevice.headers['set-cookie']);
    const newEmail = `proof-${holder.id.slice(0, 8)}@example.com`;
    expect((await save(holder.cookie, { name: 'Holder Of Account', email: newEmail })).statusCode).toBe(200);
    const token = confirmToken(await eventually(async () => mailsTo(newEmail)[0]))!;

    // Opening the link shows which account the address would join and changes nothing: the page
    // (a GET) and the preview call both leave the address, the sessions and the link as they were.
    expect((await ctx.app.inject({ method: 'GET', url: `/account?confirm_email=${token}` })).statusCode).toBeLessThan(500);
    const preview = await ctx.app.inject({
      method: 'POST',
      url: '/api/user-profile/confirm-email/preview',
      headers: { origin: TEST_ORIGIN },
      payload: { token },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({ email: newEmail, accountEmail: holder.email });
    expect((await row(holder.id)).email).toBe(holder.email);
    expect((await profileOf(holder.cookie)).statusCode).toBe(200);

    // The press: the presser (not signed in) proved the new address, so they hold the account alone.
    const pressed = await confirm(token);
    expect(pressed.statusCode).toBe(200);
    const presserCookie = cookieHeader(pressed.headers['set-cookie']);
    expect((await profileOf(presserCookie)).json()).toMatchObject({ email: newEmail, emailConfirmed: true });
    expect((await profileOf(holder.cookie)).statusCode).toBe(401);
    expect((await profileOf(otherCookie)).statusCode).toBe(401);
    for (const email of [holder.email, newEmail]) {
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/login/password',
        headers: { origin: TEST_ORIGIN },
        payload: { email, password: 'a long password' },
      });
      expect(login.statusCode).toBe(401);
    }
    // What the account holds stays: the holder moved it on purpose, and the page said which account it was.
    expect((await row(holder.id)).name).toBe('Holder Of Account');
  });

  it('the preview refuses a link that is not valid, as the press does', async () => {
    const preview = await ctx.app.inject({
      method: 'POST',
      url: '/api/user-profile/confirm-email/preview',
      headers: { origin: TEST_ORIGIN },
      payload: { token: 'x'.repeat(43) },
    });
    expect(preview.statusCode).toBe(400);
    expect(preview.json().error).toBe(EMAIL_CHANGE_LINK_INVALID);
  });

  it('a newer change request replaces the older one: the first link no longer works', async () => {
    const user = await signIn();
    const first = `first-${user.id.slice(0, 8)}@example.com`;
    const second = `second-${user.id.slice(0, 8)}@example.com`;
    await save(user.cookie, { name: 'Pat', email: first });
    await save(user.cookie, { name: 'Pat', email: second });
    const firstToken = confirmToken(await eventually(async () => mailsTo(first)[0]))!;
    const secondToken = confirmToken(await eventually(async () => mailsTo(second)[0]))!;
    expect((await confirm(firstToken)).statusCode).toBe(400);
    expect((await confirm(secondToken)).statusCode).toBe(200);
    expect((await row(user.id)).email).toBe(second);
  });

  it('refuses an e-mail that belongs to another account, saves nothing and leaves that account alone', async () => {
    const user = await signIn();
    const other = await signIn('Owner Of Address');
    const res = await save(user.cookie, { name: 'Taker', email: other.email });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(EMAIL_TAKEN);
    expect((await row(user.id)).name).toBe('Pat Profile');
    expect((await row(other.id)).email).toBe(other.email);
  });

  it('refuses a forged confirmation token', async () => {
    const res = await confirm('a'.repeat(43));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(EMAIL_CHANGE_LINK_INVALID);
  });

  it('refuses a profile save from another site (CSRF)', async () => {
    const user = await signIn();
    const res = await save(user.cookie, { name: 'Evil', email: user.email }, [], { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect((await row(user.id)).name).toBe('Pat Profile');
  });

  it.skipIf(!geoDatabase)('fills the location from the request’s address with the packaged database', async () => {
    const user = await signIn();
    const res = await save(user.cookie, { name: 'Pat', email: user.email }, [], { remoteAddress: '8.8.8.8' });
    expect(res.json().location).toMatchObject({ countryCode: 'US', country: 'United States' });
  });
});

describe('locateIp', () => {
  it('has no place for loopback, private and link-local addresses', async () => {
    for (const ip of [
      '127.0.0.1',
      '::1',
      '::ffff:127.0.0.1',
      '10.1.2.3',
      '192.168.1.20',
      '172.20.0.5',
      '169.254.1.1',
      'fe80::1',
      'not an ip',
    ])
      expect(await locateIp(ip)).toBeNull();
  });

  it('turns a database answer into the spec’s Location', () => {
    expect(toLocation({ country: 'CA', region: 'BC', city: 'Vancouver', ll: [49.25, -123.1] })).toEqual({
      country: 'Canada',
      countryCode: 'CA',
      region: 'BC',
      city: 'Vancouver',
      latitude: 49.25,
      longitude: -123.1,
    });
    expect(toLocation({ country: '' })).toBeNull();
  });
});
