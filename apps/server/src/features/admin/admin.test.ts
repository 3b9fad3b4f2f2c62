import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomShareRow } from '@rv/contracts/api/admin';
import { messages } from '@rv/contracts/messages';
import { adminAuditLog, designFeedback, roomDesigns, roomShares, users, type StoredImage } from '../../db/schema';
import { cookieHeader, createUser, plainBrief } from '../../../test/fixtures';
import { makeJpeg } from '../../../test/images';
import { createTestApp, multipart, TEST_ORIGIN } from '../../../test/test-app';
import { setAdminRole } from './set-admin-role';
import { addDesignResults } from '../designs/images/add-design-results';
import type { DesignTool } from '@rv/contracts/domain';

const PASSWORD = 'a long password';

describe('admin dashboard API', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: { email: string; cookie: string };
  let subscriber: { id: string; email: string; cookie: string };
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn({ role: 'admin', email: 'boss@example.com' });
    subscriber = await signIn({ email: 'sub@example.com' });
  });
  afterAll(() => ctx.close());

  const db = () => ctx.app.services.database.db;
  async function signIn(options: Parameters<typeof createUser>[1] = {}) {
    const { email, id } = await createUser(db(), { password: PASSWORD, ...options });
    const res = await post('/api/login/password', { email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    return { id, email, cookie: cookieHeader(res.headers['set-cookie']) };
  }
  function post(url: string, payload: object, cookie = '') {
    return ctx.app.inject({ method: 'POST', url, payload, headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) } });
  }
  const get = (url: string, cookie = '') => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  /** A finished design of `userId` with its original and one result stored (previews too). */
  async function storedDesign(userId: string, tool: DesignTool = 'furnishing') {
    const id = randomUUID();
    const image = async (name: string): Promise<StoredImage> => {
      const key = `designs/${id}/${name}.webp`;
      const thumbKey = `designs/${id}/${name}-thumb.webp`;
      await ctx.app.services.storage.put(key, await makeJpeg(), 'image/webp');
      await ctx.app.services.storage.put(thumbKey, await makeJpeg({ width: 16, height: 12 }), 'image/webp');
      return { key, thumbKey, width: 64, height: 48 };
    };
    const original = await image('original');
    const result = await image('result-1');
    await db().insert(roomDesigns).values({
      id,
      userId,
      tool,
      status: 'done',
      brief: plainBrief(),
      original,
      creditState: 'committed',
    });
    await db().transaction((tx) => addDesignResults(tx, { id, userId }, 'generated', [{ ...result, fidelity: 0.9, flagged: false }]));
    return { id, original, result };
  }

  const adminCalls = [
    { method: 'GET', url: '/api/admin/users' },
    { method: 'GET', url: '/api/admin/room-shares' },
    { method: 'GET', url: '/api/admin/design-feedback' },
    { method: 'GET', url: '/api/admin/bug-reports' },
    { method: 'GET', url: '/api/admin/audit-log?page=1&limit=5' },
    { method: 'GET', url: '/api/admin/orphan-payments' },
    { method: 'GET', url: '/api/admin/users?page=1&limit=5&q=sub' },
    { method: 'POST', url: '/api/admin/reset-user-credits' },
  ] as const;

  it('answers every admin call with 401 without a session and 403 to a subscriber, changing nothing', async () => {
    const target = await createUser(db(), { email: 'target.403@example.com', transformationsUsed: 7 });
    for (const call of adminCalls) {
      const send = (cookie: string) => (call.method === 'POST' ? post(call.url, { email: target.email }, cookie) : get(call.url, cookie));
      const anonymous = await send('');
      expect(anonymous.statusCode, call.url).toBe(401);
      expect(anonymous.json().error).toBe(messages.auth.pleaseLogIn);
      const forbidden = await send(subscriber.cookie);
      expect(forbidden.statusCode, call.url).toBe(403);
      expect(forbidden.json().error).toBe(messages.auth.noAdminAccess);
    }
    // Refused before the body is read: a bad body still answers 401/403, never 400.
    expect((await post('/api/admin/reset-user-credits', { email: 'not an email' })).statusCode).toBe(401);
    expect((await post('/api/admin/reset-user-credits', { email: 'not an email' }, subscriber.cookie)).statusCode).toBe(403);
    const [row] = await db().select().from(users).where(eq(users.id, target.id));
    expect(row!.transformationsUsed).toBe(7);
    expect(await db().select().from(adminAuditLog).where(eq(adminAuditLog.targetEmail, target.email))).toEqual([]);
  });

  it('lists users with the spec row; a plain list by default, one page with page/limit; q searches e-mails', async () => {
    for (let i = 1; i <= 5; i++) {
      await createUser(db(), { email: `pager${i}@list.example.com`, name: `Pager ${i}`, transformationsUsed: i });
      // Distinct creation times (rows made in one millisecond would tie), so 'newest first' is well defined.
      await db()
        .update(users)
        .set({ createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) })
        .where(eq(users.email, `pager${i}@list.example.com`));
    }
    await createUser(db(), { email: 'other_person@list.example.com' });
    await db()
      .update(users)
      .set({ stripeCustomerId: 'cus_123', stripeSubscriptionId: 'sub_123' })
      .where(eq(users.email, 'pager3@list.example.com'));

    const plain = await get('/api/admin/users', admin.cookie);
    expect(plain.statusCode).toBe(200);
    const list = plain.json() as { email: string }[];
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((u) => u.email)).toEqual(expect.arrayContaining([admin.email, subscriber.email, 'pager1@list.example.com']));
    expect(list.find((u) => u.email === 'pager3@list.example.com')).toEqual({
      id: expect.any(String),
      email: 'pager3@list.example.com',
      name: 'Pager 3',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      transformationsUsed: 3,
      transformationsLimit: 30,
      stripeCustomerId: 'cus_123',
      stripeSubscriptionId: 'sub_123',
      subscriptionStatus: 'active',
    });

    const page1 = (await get('/api/admin/users?q=pager&limit=2', admin.cookie)).json();
    expect(page1).toMatchObject({ total: 5, limit: 2, updatedPage: 1, lastPage: 3, hasPreviousPage: false, hasNextPage: true });
    // Newest first.
    expect(page1.items.map((u: { email: string }) => u.email)).toEqual(['pager5@list.example.com', 'pager4@list.example.com']);
    const page3 = (await get('/api/admin/users?q=PAGER&limit=2&page=3', admin.cookie)).json();
    expect(page3).toMatchObject({ updatedPage: 3, hasPreviousPage: true, hasNextPage: false });
    expect(page3.items.map((u: { email: string }) => u.email)).toEqual(['pager1@list.example.com']);
    // A page past the end answers the last one.
    expect((await get('/api/admin/users?q=pager&limit=2&page=9', admin.cookie)).json()).toMatchObject({
      updatedPage: 3,
      items: [{ email: 'pager1@list.example.com' }],
    });
    // LIKE wildcards are taken literally: '_' matches only an underscore.
    const literal = (await get('/api/admin/users?q=r_p&page=1', admin.cookie)).json();
    expect(literal.items.map((u: { email: string }) => u.email)).toEqual(['other_person@list.example.com']);
    expect((await get('/api/admin/users?limit=0', admin.cookie)).statusCode).toBe(400);
  });

  it('lists room shares with their images and comment; admins may open those images, nobody else', async () => {
    const owner = await signIn({ email: 'sharer@example.com' });
    const shared = await storedDesign(owner.id);
    const unshared = await storedDesign(owner.id);
    const shareId = randomUUID();
    await db().insert(roomShares).values({ id: shareId, userId: owner.id, roomDesignId: shared.id, userComment: '<b>Love</b> the sofa' });

    const answer = await get('/api/admin/room-shares', admin.cookie);
    expect(answer.statusCode).toBe(200);
    const row = (answer.json() as RoomShareRow[]).find((r) => r.id === shareId);
    expect(row).toEqual({
      id: shareId,
      email: 'sharer@example.com',
      createdAt: expect.any(String),
      originalImageStorageUrl: `/api/admin/files/${shared.original.key}`,
      originalImageThumbUrl: `/api/admin/files/${shared.original.thumbKey}`,
      generatedImageStorageUrls: [`/api/admin/files/${shared.result.key}`],
      generatedImageThumbUrls: [`/api/admin/files/${shared.result.thumbKey}`],
      userComment: '<b>Love</b> the sofa',
    });

    for (const url of [row!.originalImageStorageUrl, row!.originalImageThumbUrl, ...row!.generatedImageStorageUrls]) {
      const image = await get(url, admin.cookie);
      expect(image.statusCode, url).toBe(200);
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect((await get(url, subscriber.cookie)).statusCode).toBe(403);
      expect((await get(url)).statusCode).toBe(401);
    }
    // The owner still reads their own files the usual way; the admin route opens shared designs only.
    expect((await get(`/api/admin/files/${unshared.original.key}`, admin.cookie)).statusCode).toBe(404);
    expect((await get(`/api/admin/files/designs/${shared.id}/other.webp`, admin.cookie)).statusCode).toBe(404);
    expect((await get(`/api/admin/files/bug-reports/${shared.id}/1.webp`, admin.cookie)).statusCode).toBe(404);
    expect((await get(`/api/admin/files/designs/${shared.id}/..%2F..%2Fsecret`, admin.cookie)).statusCode).toBe(404);
  });

  it('lists design feedback: helpful or not, the text, and a link to the design', async () => {
    const owner = await signIn({ email: 'feedback.giver@example.com' });
    const design = await storedDesign(owner.id, 'kitchen-bathroom');
    const id = randomUUID();
    await db().insert(designFeedback).values({ id, userId: owner.id, roomDesignId: design.id, isHelpful: false, feedbackText: 'Too dark' });
    const rows = (await get('/api/admin/design-feedback', admin.cookie)).json() as { id: string }[];
    expect(rows.find((r) => r.id === id)).toEqual({
      id,
      email: 'feedback.giver@example.com',
      createdAt: expect.any(String),
      isHelpful: false,
      roomDesignId: design.id,
      feedbackText: 'Too dark',
      designUrl: `/kitchen-bathroom/design/${design.id}`,
    });
  });

  it('lists bug reports with their screenshots, which only admins can open', async () => {
    const body = multipart(
      {
        description: '<script>alert(1)</script> broken',
        email: 'reporter@example.com',
        pageUrl: 'http://localhost:3000/account',
        userAgent: 'UA <i>1</i>',
      },
      [{ field: 'trails', filename: 'shot.jpg', data: await makeJpeg(), type: 'image/jpeg' }],
    );
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/bug-report',
      headers: { ...body.headers, origin: TEST_ORIGIN },
      payload: body.payload,
    });
    expect(created.statusCode).toBe(201);
    const rows = (await get('/api/admin/bug-reports', admin.cookie)).json() as { id: string; attachmentUrls: string[] }[];
    const row = rows.find((r) => r.id === created.json().id);
    expect(row).toEqual({
      id: created.json().id,
      email: 'reporter@example.com',
      createdAt: expect.any(String),
      description: '<script>alert(1)</script> broken',
      pageUrl: 'http://localhost:3000/account',
      userAgent: 'UA <i>1</i>',
      attachmentUrls: [expect.stringMatching(/^\/api\/files\/bug-reports\/.+\.webp$/)],
    });
    const screenshot = row!.attachmentUrls[0]!;
    expect((await get(screenshot, admin.cookie)).statusCode).toBe(200);
    expect((await get(screenshot, subscriber.cookie)).statusCode).toBe(404);
    expect((await get(screenshot)).statusCode).toBe(404);
  });

  it("resets a user's used credits, answers creditsRemaining and writes who, whom and when to the audit log", async () => {
    const target = await signIn({ email: 'heavy.user@example.com', transformationsUsed: 12 });
    const before = Date.now();
    const res = await post('/api/admin/reset-user-credits', { email: ' Heavy.User@Example.com ' }, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: { email: 'heavy.user@example.com', creditsRemaining: 30 } });
    expect((await get('/api/user-profile', target.cookie)).json()).toMatchObject({ transformationsUsed: 0, transformationsLimit: 30 });

    const audit = await db().select().from(adminAuditLog).where(eq(adminAuditLog.targetEmail, 'heavy.user@example.com'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorEmail: admin.email,
      targetEmail: 'heavy.user@example.com',
      action: 'reset-credits',
      details: { previousUsed: 12, limit: 30 },
    });
    expect(audit[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const unknown = await post('/api/admin/reset-user-credits', { email: 'nobody@example.com' }, admin.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual(expect.any(String));
    const invalid = await post('/api/admin/reset-user-credits', { email: 'not an email' }, admin.cookie);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toBe(messages.validation.invalidEmailFormat);
  });

  it('the role is read on every call: granting and revoking it (audited) applies at once', async () => {
    const helper = await signIn({ email: 'helper@example.com' });
    expect((await get('/api/admin/users', helper.cookie)).statusCode).toBe(403);
    expect(await setAdminRole(db(), { actor: 'operator:test', email: helper.email, admin: true })).toEqual({ changed: true });
    expect(await setAdminRole(db(), { actor: 'operator:test', email: helper.email, admin: true })).toEqual({ changed: false });
    expect((await get('/api/admin/users', helper.cookie)).statusCode).toBe(200);
    expect((await get('/api/me', helper.cookie)).json()).toEqual({ isAdmin: true });
    await setAdminRole(db(), { actor: 'operator:test', email: helper.email, admin: false });
    expect((await get('/api/admin/users', helper.cookie)).statusCode).toBe(403);
    const audit = await db().select().from(adminAuditLog).where(eq(adminAuditLog.targetEmail, helper.email));
    expect(audit.map((a) => [a.actorEmail, a.action]).sort()).toEqual([
      ['operator:test', 'grant-admin'],
      ['operator:test', 'revoke-admin'],
    ]);
    await expect(setAdminRole(db(), { actor: 'operator:test', email: 'ghost@example.com', admin: true })).rejects.toThrow();
  });

  it("refuses an admin's reset of their own credits, changing nothing (another admin can)", async () => {
    const self = await signIn({ role: 'admin', email: 'self.reset@example.com', transformationsUsed: 30 });
    const refused = await post('/api/admin/reset-user-credits', { email: self.email }, self.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(messages.admin.cannotResetOwnCredits);
    expect((await get('/api/user-profile', self.cookie)).json()).toMatchObject({ transformationsUsed: 30 });
    expect(await db().select().from(adminAuditLog).where(eq(adminAuditLog.targetEmail, self.email))).toEqual([]);
    expect((await post('/api/admin/reset-user-credits', { email: self.email }, admin.cookie)).statusCode).toBe(200);
  });

  it("an admin's read of a private design (its page, its files) is audited once per ten minutes; the audit log lists it with resets and role changes", async () => {
    const owner = await signIn({ email: 'private.owner@example.com' });
    const { id, result } = await storedDesign(owner.id);
    expect((await get(`/api/designs/${id}`, admin.cookie)).statusCode).toBe(200);
    expect((await get(`/api/files/${result.key}`, admin.cookie)).statusCode).toBe(200);
    expect((await get(`/api/designs/${id}`, admin.cookie)).statusCode).toBe(200);
    // The owner's own reads are not an admin's power, and are not logged.
    expect((await get(`/api/designs/${id}`, owner.cookie)).statusCode).toBe(200);
    const reads = await db().select().from(adminAuditLog).where(eq(adminAuditLog.targetEmail, owner.email));
    expect(reads.map((row) => [row.actorEmail, row.action, row.details])).toEqual([
      [admin.email, 'read-private-design', { designId: id, via: 'page' }],
    ]);
    // A public design is anyone's to read: no entry.
    await db().update(roomDesigns).set({ isPublic: true }).where(eq(roomDesigns.id, id));
    await db().delete(adminAuditLog).where(eq(adminAuditLog.targetEmail, owner.email));
    expect((await get(`/api/designs/${id}`, admin.cookie)).statusCode).toBe(200);
    expect(await db().select().from(adminAuditLog).where(eq(adminAuditLog.targetEmail, owner.email))).toEqual([]);

    await db().update(roomDesigns).set({ isPublic: false }).where(eq(roomDesigns.id, id));
    expect((await get(`/api/files/${result.key}`, admin.cookie)).statusCode).toBe(200);
    const log = await get(`/api/admin/audit-log?page=1&limit=50&q=private.owner`, admin.cookie);
    expect(log.statusCode).toBe(200);
    expect(log.json().items).toEqual([
      expect.objectContaining({
        email: admin.email,
        targetEmail: owner.email,
        action: 'read-private-design',
        detail: `Read private design ${id} (a file)`,
      }),
    ]);
    const all = (await get('/api/admin/audit-log?page=1&limit=200', admin.cookie)).json().items as { action: string }[];
    expect(new Set(all.map((entry) => entry.action))).toEqual(
      new Set(['reset-credits', 'grant-admin', 'revoke-admin', 'read-private-design']),
    );
  });
});
