import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ACCOUNT_DELETE_PATH, ACCOUNT_EXPORT_PATH } from '@rv/contracts/api/privacy';
import { messages } from '@rv/contracts/messages';
import { adminAuditLog, localSubscriptions, roomDesigns, styleLensTasks, subscriptions, users } from '../../db/schema';
import { drawRoom } from '@rv/testing/test-rooms';
import type { LocalPayments } from '../../payments/local/local-payments';
import { PaymentError } from '../../payments/payments-provider';
import { makeJpeg } from '../../../test/images';
import { signInLinksFromOutbox, signInNewUser } from '../../../test/fixtures';
import { createTestApp, eventually, multipart, TEST_ORIGIN } from '../../../test/test-app';
import { seedDesign } from '../../../test/seed-designs';
import { DELETED_ACCOUNT } from './delete-account';
import { readZip } from '../../../test/read-zip';
import { loadUserData, userFiles } from './user-data';

const CARD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

interface Subscriber {
  id: string;
  email: string;
  cookie: string;
  subscriptionId: string;
  designId: string;
}

describe('privacy: data export and account deletion', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let room: Buffer;
  let alice: Subscriber;
  let bob: Subscriber;
  beforeAll(async () => {
    ctx = await createTestApp();
    room = await sharp(await drawRoom({ width: 320, height: 240 }))
      .withExif({ IFD0: { Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .jpeg()
      .toBuffer();
    alice = await richSubscriber('alice');
    bob = await richSubscriber('bob');
    const admin = await signInNewUser(ctx.app, db(), { role: 'admin' });
    for (const target of [alice, bob]) {
      const reset = await req('POST', '/api/admin/reset-user-credits', admin.cookie, { email: target.email });
      expect(reset.statusCode).toBe(200);
    }
  }, 180_000);
  afterAll(() => ctx.close());

  const db = () => ctx.app.services.database.db;
  const filesRoot = () => path.join(ctx.config.DATA_DIR, 'files');
  const req = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    cookie: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => ctx.app.inject({ method, url, payload, headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), ...headers } });
  const send = (method: 'POST' | 'PUT', url: string, cookie: string, body: ReturnType<typeof multipart>) =>
    ctx.app.inject({ method, url, headers: { ...body.headers, origin: TEST_ORIGIN, cookie }, payload: body.payload });
  const colour = (r: number, g: number, b: number) =>
    sharp({ create: { width: 96, height: 72, channels: 3, background: { r, g, b } } })
      .png()
      .toBuffer();

  /** A subscriber who used everything: a paid subscription, a design refined with a tweak photo, avatar, StyleLens, feedback, share, bug report, sign-in link. */
  async function richSubscriber(name: string): Promise<Subscriber> {
    const email = `${name}-${randomBytes(4).toString('hex')}@example.com`;
    const payments = ctx.app.services.payments as LocalPayments;
    const paid = await payments.createSubscription({ email, name, reference: 'ref-test', idempotencyKey: randomUUID() });
    await payments.confirmCard(paid.clientSecret, CARD);
    const { id, cookie } = await signInNewUser(ctx.app, db(), { email, name });
    await db().update(users).set({ stripeCustomerId: paid.customerId, stripeSubscriptionId: paid.subscriptionId }).where(eq(users.id, id));

    const created = await send(
      'POST',
      '/api/room-design',
      cookie,
      multipart({ styleDescription: 'warm oak', architecturalChanges: 'no', furnitureData: '[]' }, [
        { field: 'roomPhoto', filename: 'room.jpg', data: room },
        { field: 'conceptPhotos', filename: 'idea.png', data: await colour(40, 90, 160) },
      ]),
    );
    expect(created.statusCode).toBe(200);
    const designId = created.json().designId as string;

    const upload = async () =>
      send(
        'POST',
        '/api/room-design/refine/upload',
        cookie,
        multipart({ designId }, [{ field: 'tweak', filename: 't.png', data: await colour(30, 58, 138) }]),
      );
    expect((await upload()).statusCode).toBe(200);
    const refined = await req('GET', `/api/room-design/refine/${designId}?tweak=tweak&iteration=0&feedback=navy+sofa`, cookie, undefined, {
      'sec-fetch-site': 'same-origin',
    });
    expect(refined.body).toContain('event: complete');
    expect((await upload()).statusCode).toBe(200); // left pending

    expect(
      (await req('POST', '/api/design-feedback', cookie, { roomDesignId: designId, isHelpful: true, feedbackText: 'lovely' })).statusCode,
    ).toBe(200);
    expect((await req('POST', '/api/room-share', cookie, { roomDesignId: designId })).statusCode).toBe(200);

    const avatar = await send(
      'PUT',
      '/api/user-profile/update',
      cookie,
      multipart({ name: `${name} Smith`, email }, [{ field: 'avatar', filename: 'me.jpg', data: await makeJpeg({ exif: true }) }]),
    );
    expect(avatar.statusCode).toBe(200);

    const styles = await Promise.all([
      colour(200, 180, 150),
      colour(40, 60, 90),
      colour(160, 80, 60),
      colour(120, 150, 110),
      colour(230, 220, 200),
    ]);
    const lens = await send(
      'POST',
      '/api/stylelens/analyze',
      cookie,
      multipart(
        {},
        styles.map((data, i) => ({ field: 'styles', filename: `s${i}.png`, data })),
      ),
    );
    expect(lens.statusCode).toBe(200);

    const report = await send(
      'POST',
      '/api/bug-report',
      cookie,
      multipart({ description: `${name}: the slider froze`, email, pageUrl: 'http://localhost:3000/account', userAgent: 'UA/1' }, [
        { field: 'trails', filename: 'shot.jpg', data: await makeJpeg({ exif: true }) },
      ]),
    );
    expect(report.statusCode).toBe(201);
    expect((await req('POST', '/api/request-signin', '', { email })).statusCode).toBe(200);
    return { id, email, cookie, subscriptionId: paid.subscriptionId, designId };
  }

  /** Every stored file (relative path → SHA-256), without the local store's sidecars. */
  function storedFiles(): Map<string, string> {
    const root = filesRoot();
    const files = new Map<string, string>();
    if (!existsSync(root)) return files;
    for (const name of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      const full = path.join(root, name);
      if (name.endsWith('.meta.json') || !statSync(full).isFile()) continue;
      files.set(name, createHash('sha256').update(readFileSync(full)).digest('hex'));
    }
    return files;
  }

  /** How many rows of every table (ours and the job queue's) mention `needle` anywhere. */
  async function rowsMentioning(needle: string): Promise<Record<string, number>> {
    const tables = await db().execute<{ table_schema: string; table_name: string }>(
      sql`select table_schema, table_name from information_schema.tables where table_schema in ('public', 'pgboss') and table_type = 'BASE TABLE'`,
    );
    const counts: Record<string, number> = {};
    for (const t of (tables as unknown as { rows: { table_schema: string; table_name: string }[] }).rows) {
      const result = await db().execute(
        sql`select count(*)::int as n from ${sql.identifier(t.table_schema)}.${sql.identifier(t.table_name)} t where position(${needle} in t::text) > 0`,
      );
      const n = Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
      if (n) counts[`${t.table_schema}.${t.table_name}`] = n;
    }
    return counts;
  }

  /** The stored files that are the user's (by the records), each with its content hash. */
  async function filesOfUser(user: Subscriber) {
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    if (!row) return [];
    return userFiles(await loadUserData(db(), row));
  }

  it('the export needs a signed-in user', async () => {
    const res = await req('GET', ACCOUNT_EXPORT_PATH, '');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(messages.auth.pleaseLogIn);
  });

  it('exports one dated ZIP with their profile, designs, bug reports and every image of theirs, without metadata, and nothing of anyone else', async () => {
    const res = await req('GET', ACCOUNT_EXPORT_PATH, alice.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="room-visualizer-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const entries = readZip(res.rawPayload);
    const names = entries.map((e) => e.name);
    const entry = (name: string) => entries.find((e) => e.name === name)!.data;

    expect(names.slice(0, 5)).toEqual(['README.txt', 'profile.json', 'designs.json', 'homes.json', 'bug-reports.json']);
    expect(names).toContain('avatar/avatar.webp');
    expect(names.filter((n) => n.startsWith('style-lens/'))).toHaveLength(5);
    const folder = names.find((n) => n.endsWith('/original.webp'))!.replace(/\/original\.webp$/, '');
    expect(folder).toMatch(/^designs\/\d{4}-\d{2}-\d{2}-furnishing-decorating-[a-zA-Z0-9]+$/);
    for (const file of [
      'original.webp',
      'thumbnails/original.webp',
      'your-photos/inspiration-1.webp',
      'your-photos/thumbnails/inspiration-1.webp',
      'result-1.webp',
      'result-2.webp',
      'thumbnails/result-1.webp',
      'refined-1.webp',
      'thumbnails/refined-1.webp',
      'tweak-photos/tweak-1.webp',
      'tweak-photos/tweak-2.webp',
    ])
      expect(names).toContain(`${folder}/${file}`);
    expect(names.some((n) => /^bug-reports\/\d{4}-\d{2}-\d{2}-[\w-]+\/screenshot-1\.webp$/.test(n))).toBe(true);

    const profile = JSON.parse(entry('profile.json').toString('utf8'));
    expect(profile.profile).toMatchObject({ id: alice.id, email: alice.email, name: 'alice Smith', avatar: 'avatar/avatar.webp' });
    expect(profile.subscription).toMatchObject({ status: 'active', paymentProviderSubscriptionId: alice.subscriptionId });
    expect(profile.credits).toMatchObject({ transformationsUsed: expect.any(Number), transformationsLimit: 30 });
    expect(profile.styleLens.photos).toEqual([1, 2, 3, 4, 5].map((n) => `style-lens/photo-${n}.webp`));
    expect(profile.signInMethods).toEqual([expect.objectContaining({ method: 'credential' })]);
    expect(JSON.stringify(profile)).not.toMatch(/password|token/i);

    const designs = JSON.parse(entry('designs.json').toString('utf8'));
    expect(designs).toHaveLength(1);
    expect(designs[0]).toMatchObject({
      id: alice.designId,
      folder,
      original: { file: `${folder}/original.webp`, thumbnail: `${folder}/thumbnails/original.webp` },
      feedback: [{ helpful: true, text: 'lovely' }],
      sharedWithGallery: { comment: null },
      pendingTweakPhotos: [`${folder}/tweak-photos/tweak-2.webp`],
      refinements: [{ kind: 'refine', status: 'done', instruction: 'navy sofa', tweakPhotos: [`${folder}/tweak-photos/tweak-1.webp`] }],
    });
    // Her first design went to her first home, "My home" (issue 49); she took no look.
    expect(JSON.parse(entry('homes.json').toString('utf8'))).toMatchObject({
      homes: [{ name: 'My home', shared: false, rooms: [{ designId: alice.designId, folder, roomType: null, consistency: null }] }],
      looks: [],
    });
    const reports = JSON.parse(entry('bug-reports.json').toString('utf8'));
    expect(reports).toMatchObject([{ description: 'alice: the slider froze', email: alice.email }]);

    // Every stored file of hers is in the archive, byte for byte; every image in it is bare (no EXIF, GPS or ICC/XMP).
    const mine = await filesOfUser(alice);
    // avatar, 5 StyleLens photos, original, inspiration, 2 results, 1 refined (each with a thumbnail), 2 tweak photos, 1 screenshot
    expect(mine).toHaveLength(1 + 5 + 2 * 5 + 2 + 1);
    for (const file of mine) {
      const bytes = readFileSync(path.join(filesRoot(), file.key));
      expect(entry(file.path).equals(bytes), file.path).toBe(true);
    }
    for (const image of entries.filter((e) => e.name.endsWith('.webp'))) {
      const meta = await sharp(image.data).metadata();
      expect(meta.format, image.name).toBe('webp');
      expect(meta.exif, image.name).toBeUndefined();
      expect(meta.xmp, image.name).toBeUndefined();
    }

    // Nothing else: the five records and her files are the whole archive; Bob's id, address and design appear nowhere.
    expect(entries).toHaveLength(5 + mine.length);
    const text = entries.map((e) => (e.name.endsWith('.webp') ? '' : e.data.toString('utf8'))).join('\n');
    for (const other of [bob.id, bob.email, bob.designId]) expect(text).not.toContain(other);
  });

  it('the export holds their homes and looks: names, which designs are the rooms, the look each took, and the consistency figures', async () => {
    const { cookie } = await signInNewUser(ctx.app, db());
    const make = async (fields: Record<string, string>, photos: Buffer[]) => {
      const made = await send(
        'POST',
        '/api/room-design',
        cookie,
        multipart(
          { architecturalChanges: 'no', ...fields },
          photos.map((data, index) => ({ field: index === 0 ? 'roomPhoto' : 'morePhotos', filename: `room-${index}.jpg`, data })),
        ),
      );
      expect(made.statusCode).toBe(200);
      return made.json().designId as string;
    };
    const livingRoom = await make({ styleDescription: 'sage green and warm oak', roomType: 'living-room' }, [room]);
    const view = await req('GET', `/api/designs/${livingRoom}`, cookie);
    const imageId = view.json().design.images[0].id as string;
    const taken = await req('POST', `/api/designs/${livingRoom}/images/${imageId}/look`, cookie);
    expect(taken.statusCode).toBe(201);
    const lookId = taken.json().look.id as string;
    const dining = await make({ lookId, roomType: 'dining-room' }, [
      await drawRoom({ width: 320, height: 240, colours: { backWall: '#7f93b4' } }),
      room,
    ]);
    const homeId = (await req('GET', '/api/homes', cookie)).json().homes[0].id as string;
    expect((await req('PATCH', `/api/homes/${homeId}`, cookie, { name: 'Flat 3, Elm Road' })).statusCode).toBe(200);
    const [made] = await db().select().from(roomDesigns).where(eq(roomDesigns.id, dining));

    const entries = readZip((await req('GET', ACCOUNT_EXPORT_PATH, cookie)).rawPayload);
    const entry = (name: string) => entries.find((e) => e.name === name)?.data;
    const homes = JSON.parse(entry('homes.json')!.toString('utf8'));
    const folders = z
      .array(z.object({ folder: z.string() }))
      .parse(JSON.parse(entry('designs.json')!.toString('utf8')))
      .map((d) => d.folder);
    expect(homes.homes).toEqual([
      {
        id: homeId,
        name: 'Flat 3, Elm Road',
        shared: false,
        createdAt: expect.any(String),
        rooms: [
          { designId: livingRoom, folder: folders[0], roomType: 'living-room', madeWithLook: null, consistency: null },
          {
            designId: dining,
            folder: folders[1],
            roomType: 'dining-room',
            madeWithLook: { roomWords: 'living room' },
            consistency: made!.consistency,
          },
        ],
      },
    ]);
    expect(made!.consistency?.words).toMatch(/your living room/);
    expect(homes.looks).toEqual([
      expect.objectContaining({
        id: lookId,
        takenFromDesign: livingRoom,
        takenFromResult: `${folders[0]}/result-1.webp`,
        roomWords: 'living room',
        palette: made!.brief.look!.palette,
        designsMadeWithIt: [dining],
      }),
    ]);
    // The more photos of a room are theirs too: in the design's folder, after the first.
    expect(entry(`${folders[1]}/original-2.webp`)).toBeDefined();
  }, 180_000);

  it('a file that fails while streaming cuts the archive short rather than handing over an archive that looks complete', async () => {
    const storage = ctx.app.services.storage;
    const original = storage.get;
    storage.get = async (key) => {
      const object = await original(key);
      if (!object || !key.startsWith('style-lens/') || !key.endsWith('-3.webp')) return object;
      object.body.destroy();
      const failing = new PassThrough();
      setImmediate(() => failing.destroy(new Error('the store dropped the connection')));
      return { ...object, body: failing };
    };
    try {
      // The response is cut (inject reports the broken stream), or at best is no valid ZIP.
      const res = await req('GET', ACCOUNT_EXPORT_PATH, alice.cookie).catch((error: unknown) =>
        error instanceof Error ? error : new Error(String(error)),
      );
      if (!(res instanceof Error)) expect(() => readZip(res.rawPayload)).toThrow(/Not a ZIP archive/);
    } finally {
      storage.get = original;
    }
    // The server carries on, and the next export is whole.
    expect((await req('GET', '/api/health', '')).statusCode).toBe(200);
    const again = await req('GET', ACCOUNT_EXPORT_PATH, alice.cookie);
    expect(readZip(again.rawPayload).length).toBeGreaterThan(4);
  });

  it('refuses to delete from another site, without a session, or with the wrong e-mail, and removes nothing', async () => {
    const rowsBefore = await rowsMentioning(alice.id);
    const filesBefore = storedFiles();

    const crossSite = await req('POST', ACCOUNT_DELETE_PATH, alice.cookie, { email: alice.email }, { origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().error).toBe(messages.server.forbiddenOrigin);
    const fetchMeta = await req('POST', ACCOUNT_DELETE_PATH, alice.cookie, { email: alice.email }, { 'sec-fetch-site': 'cross-site' });
    expect(fetchMeta.statusCode).toBe(403);

    const anonymous = await req('POST', ACCOUNT_DELETE_PATH, '', { email: alice.email });
    expect(anonymous.statusCode).toBe(401);

    const wrong = await req('POST', ACCOUNT_DELETE_PATH, alice.cookie, { email: bob.email });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(messages.privacy.deleteEmailMismatch);
    const blank = await req('POST', ACCOUNT_DELETE_PATH, alice.cookie, { email: '' });
    expect(blank.json().error).toBe(messages.privacy.deleteEmailMismatch);

    // Only the refused calls' own rate-limit counter is new.
    const { 'public.rate_limit_counters': limitsAfter, ...rowsAfter } = await rowsMentioning(alice.id);
    const { 'public.rate_limit_counters': limitsBefore, ...rowsBeforeButLimits } = rowsBefore;
    expect(rowsAfter).toEqual(rowsBeforeButLimits);
    expect(limitsAfter).toBe((limitsBefore ?? 0) + 1);
    expect(storedFiles()).toEqual(filesBefore);
    const [sub] = await db().select().from(localSubscriptions).where(eq(localSubscriptions.id, alice.subscriptionId));
    expect(sub!.status).toBe('active');
  });

  /** A subscriber with a live local subscription and a finished design with real files. */
  async function plainSubscriber() {
    const email = `plain-${randomBytes(4).toString('hex')}@example.com`;
    const payments = ctx.app.services.payments as LocalPayments;
    const paid = await payments.createSubscription({ email, name: 'Plain', reference: 'ref-test', idempotencyKey: randomUUID() });
    await payments.confirmCard(paid.clientSecret, CARD);
    const user = await signInNewUser(ctx.app, db(), { email });
    await db()
      .update(users)
      .set({ stripeCustomerId: paid.customerId, stripeSubscriptionId: paid.subscriptionId })
      .where(eq(users.id, user.id));
    const picture = { full: await colour(10, 20, 30), thumb: await colour(10, 20, 30), width: 96, height: 72, thumbWidth: 96 };
    const designId = await seedDesign(db(), ctx.app.services.storage, picture, { userId: user.id });
    return { ...user, designId, subscriptionId: paid.subscriptionId };
  }

  it('keeps everything when the payment provider cannot cancel the subscription, and says so', async () => {
    const user = await plainSubscriber();
    const payments = ctx.app.services.payments;
    const original = payments.cancelSubscriptionNow;
    payments.cancelSubscriptionNow = () =>
      Promise.reject(new PaymentError('The payment provider could not be reached. Please try again.', 'provider_unavailable'));
    const filesBefore = storedFiles();
    try {
      const res = await req('POST', ACCOUNT_DELETE_PATH, user.cookie, { email: user.email });
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toBe(messages.privacy.deleteCancelFailed);
    } finally {
      payments.cancelSubscriptionNow = original;
    }
    expect(storedFiles()).toEqual(filesBefore);
    expect(await db().select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
    expect((await req('GET', '/api/user-profile', user.cookie)).statusCode).toBe(200);
  });

  it('keeps the account when a file cannot be removed, and a second try finishes the job', async () => {
    const user = await plainSubscriber();
    const storage = ctx.app.services.storage;
    const original = storage.delete;
    storage.delete = (key) => (key.endsWith('generated-2.webp') ? Promise.reject(new Error('store unavailable')) : original(key));
    try {
      const res = await req('POST', ACCOUNT_DELETE_PATH, user.cookie, { email: user.email });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toBe(messages.privacy.deleteFilesFailed);
    } finally {
      storage.delete = original;
    }
    expect(await db().select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
    const again = await req('POST', ACCOUNT_DELETE_PATH, user.cookie, { email: user.email });
    expect(again.statusCode).toBe(200);
    expect(again.json().subscriptionCanceled).toBe(true);
    expect([...storedFiles().keys()].filter((key) => key.startsWith(`designs/${user.designId}/`))).toEqual([]);
    expect(await rowsMentioning(user.id)).toEqual({});
  });

  it('refuses while one of their designs is still being made', async () => {
    const busy = await signInNewUser(ctx.app, db());
    const designId = await seedDesign(db(), null, null, { userId: busy.id });
    await db().update(roomDesigns).set({ status: 'running' }).where(eq(roomDesigns.id, designId));
    const res = await req('POST', ACCOUNT_DELETE_PATH, busy.cookie, { email: busy.email });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(messages.privacy.deleteStillWorking);
    expect(await db().select().from(users).where(eq(users.id, busy.id))).toHaveLength(1);
  });

  it('refuses while their StyleLens is still being analysed (its job would store the lens after)', async () => {
    const busy = await signInNewUser(ctx.app, db());
    await db()
      .insert(styleLensTasks)
      .values({ id: `lens-${busy.id}`, userId: busy.id, photoKeys: [], status: 'running' });
    const res = await req('POST', ACCOUNT_DELETE_PATH, busy.cookie, { email: busy.email });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(messages.privacy.deleteStillWorking);
    expect(await db().select().from(users).where(eq(users.id, busy.id))).toHaveLength(1);
  });

  it('deletes the account: cancels the subscription, removes every file and row of theirs, ends their sessions; others keep theirs', async () => {
    const filesBefore = storedFiles();
    const aliceFiles = (await filesOfUser(alice)).map((f) => f.key);
    const bobFiles = (await filesOfUser(bob)).map((f) => f.key);
    for (const key of [...aliceFiles, ...bobFiles]) expect(filesBefore.has(key), key).toBe(true);
    // Her files live under her own folders: her designs', her avatar's, her StyleLens', her bug report's.
    const [aliceRow] = await db().select().from(users).where(eq(users.id, alice.id));
    const aliceData = await loadUserData(db(), aliceRow!);
    const aliceFolders = [
      `designs/${alice.designId}/`,
      `avatars/${alice.id}/`,
      `style-lens/${alice.id}/`,
      ...aliceData.bugReports.map((r) => `bug-reports/${r.id}/`),
    ];
    const underHerFolders = [...filesBefore.keys()].filter((key) => aliceFolders.some((folder) => key.startsWith(folder)));
    expect(underHerFolders.length).toBeGreaterThanOrEqual(aliceFiles.length);

    // The offline mailer's copies of mail to each of them (the sign-in link each asked for).
    for (const who of [alice, bob]) await eventually(async () => signInLinksFromOutbox(ctx.config.DATA_DIR, who.email).length > 0);
    const aliceRowsBefore = { ...(await rowsMentioning(alice.id)), ...(await rowsMentioning(alice.email)) };
    for (const table of [
      'public.users',
      'public.sessions',
      'public.accounts',
      'public.room_designs',
      'public.design_tasks',
      'public.design_feedback',
      'public.room_shares',
      'public.bug_reports',
      'public.verifications',
      'public.rate_limit_counters',
      'public.admin_audit_log',
    ])
      expect(aliceRowsBefore[table], table).toBeGreaterThan(0);
    expect(Object.keys(aliceRowsBefore).some((t) => t.startsWith('pgboss.'))).toBe(true);
    const bobRowsBefore = [await rowsMentioning(bob.id), await rowsMentioning(bob.email)];

    const res = await req('POST', ACCOUNT_DELETE_PATH, alice.cookie, { email: `  ${alice.email.toUpperCase()} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.privacy.accountDeleted, subscriptionCanceled: true });
    const cleared = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    expect(cleared.some((c) => /^rv\.session_token=;/.test(c) && /Max-Age=0/i.test(c))).toBe(true);

    // The subscription is cancelled at the provider; our record of it keeps no address.
    const [providerSide] = await db().select().from(localSubscriptions).where(eq(localSubscriptions.id, alice.subscriptionId));
    expect(providerSide!.status).toBe('canceled');
    const [ourRecord] = await db().select().from(subscriptions).where(eq(subscriptions.id, alice.subscriptionId));
    expect(ourRecord).toMatchObject({ status: 'canceled', email: '' });

    // Every file of hers is gone, and only those.
    const filesAfter = storedFiles();
    for (const key of underHerFolders) expect(filesAfter.has(key), key).toBe(false);
    expect(filesAfter.size).toBe(filesBefore.size - underHerFolders.length);
    for (const [key, hash] of filesAfter) expect(filesBefore.get(key)).toBe(hash);
    for (const key of bobFiles) expect(filesAfter.has(key), key).toBe(true);

    // No row anywhere names her any more, except the stand-in payment provider's own customer record (Stripe's, in production).
    const aliceRowsAfter = { ...(await rowsMentioning(alice.id)), ...(await rowsMentioning(alice.email)) };
    expect(aliceRowsAfter).toEqual({ 'public.local_customers': 1 });
    const audit = await db().select().from(adminAuditLog);
    expect(audit.filter((a) => a.targetEmail === DELETED_ACCOUNT)).toHaveLength(1);
    expect(audit.filter((a) => a.targetEmail === bob.email)).toHaveLength(1);

    expect(signInLinksFromOutbox(ctx.config.DATA_DIR, alice.email)).toEqual([]);
    expect(signInLinksFromOutbox(ctx.config.DATA_DIR, bob.email)).toHaveLength(1);

    // Bob's rows are exactly as they were.
    expect([await rowsMentioning(bob.id), await rowsMentioning(bob.email)]).toEqual(bobRowsBefore);
    const bobProfile = await req('GET', '/api/user-profile', bob.cookie);
    expect(bobProfile.statusCode).toBe(200);
    expect(bobProfile.json().subscriptionStatus).toBe('active');

    // Her old session is dead.
    for (const url of ['/api/user-profile', ACCOUNT_EXPORT_PATH]) expect((await req('GET', url, alice.cookie)).statusCode).toBe(401);
  });

  it('the deleted address can no longer sign in, nor make the account again from the cancelled subscription', async () => {
    const password = await req('POST', '/api/login/password', '', { email: alice.email, password: 'a long password' });
    expect(password.statusCode).toBe(401);
    const link = await req('POST', '/api/request-signin', '', { email: alice.email });
    expect(link.statusCode).toBe(404);
    expect(link.json().error).toBe(messages.auth.noAccount);
    const [providerSide] = await db().select().from(localSubscriptions).where(eq(localSubscriptions.id, alice.subscriptionId));
    const again = await req('POST', '/api/create-account', '', {
      email: alice.email,
      password: 'another long password',
      stripeCustomerId: providerSide!.customerId,
      stripeSubscriptionId: alice.subscriptionId,
    });
    expect(again.statusCode).toBe(403);
    expect(await db().select().from(users).where(eq(users.email, alice.email))).toEqual([]);
  });
});
