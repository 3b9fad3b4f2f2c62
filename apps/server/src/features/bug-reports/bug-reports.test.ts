import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DELETE_PATH, ACCOUNT_EXPORT_PATH } from '@rv/contracts/api/privacy';
import { messages } from '@rv/contracts/messages';
import { tooManyFiles } from '@rv/contracts/multipart';
import { routes } from '@rv/contracts/routes/routes';
import { bugReports, users } from '../../db/schema';
import { SEND_MAIL_QUEUE } from '../../jobs/send-mail-job';
import { outboxMail, signInNewUser } from '../../../test/fixtures';
import { makeJpeg } from '../../../test/images';
import { readZip } from '../../../test/read-zip';
import { createTestApp, eventually, multipart, TEST_ORIGIN } from '../../../test/test-app';

describe('POST /api/bug-report', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const db = () => ctx.app.services.database.db;
  /** The send-mail jobs quoting a report's reference, as pg-boss keeps them (queued, sent or failed). */
  const mailJobsAbout = async (reportId: string) =>
    (
      await ctx.app.services.database.executeSql(
        `select data->>'to' as "to" from pgboss.job where name = $1 and position($2 in data::text) > 0`,
        [SEND_MAIL_QUEUE, reportId.slice(0, 8)],
      )
    ).rows as { to: string }[];
  const mailJobsTo = async (to: string) =>
    (await ctx.app.services.database.executeSql(`select id from pgboss.job where name = $1 and data->>'to' = $2`, [SEND_MAIL_QUEUE, to]))
      .rows;
  const ownerOf = async (id: string) =>
    (await db().select({ userId: bugReports.userId }).from(bugReports).where(eq(bugReports.id, id)))[0]?.userId;
  /** The bug reports in a signed-in user's data export (bug-reports.json of the ZIP). */
  async function exportedReports(cookie: string): Promise<{ description: string }[]> {
    const res = await ctx.app.inject({ method: 'GET', url: ACCOUNT_EXPORT_PATH, headers: { origin: TEST_ORIGIN, cookie } });
    expect(res.statusCode).toBe(200);
    const entry = readZip(res.rawPayload).find((e) => e.name === 'bug-reports.json');
    return JSON.parse(entry!.data.toString('utf8'));
  }

  const post = (body: ReturnType<typeof multipart>, remoteAddress = '127.0.0.1') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/bug-report',
      headers: { ...body.headers, origin: TEST_ORIGIN },
      payload: body.payload,
      remoteAddress,
    });
  /** A report sent by a signed-in user (the session cookie). */
  const postSignedIn = (body: ReturnType<typeof multipart>, cookie: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/bug-report',
      headers: { ...body.headers, origin: TEST_ORIGIN, cookie },
      payload: body.payload,
    });

  it('stores the report with its screenshot (metadata stripped)', async () => {
    const screenshot = await makeJpeg({ exif: true });
    const res = await post(
      multipart(
        {
          description: 'The carousel froze',
          email: ' Reporter@Example.com ',
          pageUrl: 'http://localhost:3000/how-it-works',
          userAgent: 'UA/1',
        },
        [{ field: 'trails', filename: 'shot.jpg', data: screenshot, type: 'image/jpeg' }],
      ),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(messages.bugReport.submitted);

    const [row] = await ctx.app.services.database.db.select().from(bugReports).where(eq(bugReports.id, res.json().id));
    expect(row).toMatchObject({
      description: 'The carousel froze',
      email: 'reporter@example.com',
      pageUrl: 'http://localhost:3000/how-it-works',
      userAgent: 'UA/1',
    });
    expect(row!.attachmentKeys).toHaveLength(1);
    const stored = await ctx.app.services.storage.get(row!.attachmentKeys[0]!);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
    const meta = await sharp(Buffer.concat(chunks)).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
  });

  it("a visitor's report sends no e-mail, not even to the address typed in, and lands in no account, not even that address's", async () => {
    const victim = await signInNewUser(ctx.app, db());
    const res = await post(
      multipart({ description: 'Buy cheap watches at spam.example', email: victim.email, pageUrl: '', userAgent: 'UA/1' }),
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    // The mail job is queued before the answer; none was.
    expect(await mailJobsAbout(id)).toEqual([]);
    expect((await mailJobsTo(victim.email)).length).toBe(0);
    expect(outboxMail(ctx.config.DATA_DIR, victim.email)).toEqual([]);
    // Not in the account export of the typed address, and its deletion leaves the report alone.
    expect(await exportedReports(victim.cookie)).toEqual([]);
    expect(await ownerOf(id)).toBeNull();
    const deleted = await ctx.app.inject({
      method: 'POST',
      url: ACCOUNT_DELETE_PATH,
      headers: { origin: TEST_ORIGIN, cookie: victim.cookie },
      payload: { email: victim.email },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await ownerOf(id)).toBeNull();
    expect((await db().select({ id: bugReports.id }).from(bugReports).where(eq(bugReports.id, id))).length).toBe(1);
  });

  it("a signed-in reporter's report is theirs, acknowledged to their account's own address only (never to a typed one)", async () => {
    const reporter = await signInNewUser(ctx.app, db());
    const typed = `someone-else-${randomUUID().slice(0, 8)}@example.com`;
    const body = multipart({ description: 'The save button did nothing', email: typed, pageUrl: '', userAgent: 'UA/1' });
    const res = await postSignedIn(body, reporter.cookie);
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    expect(await ownerOf(id)).toBe(reporter.id);
    expect((await mailJobsAbout(id)).map((job) => job.to)).toEqual([reporter.email]);
    const eml = await eventually(async () => outboxMail(ctx.config.DATA_DIR, reporter.email)[0]);
    expect(eml).toContain('Subject: We received your bug report');
    expect(eml).toContain(id.slice(0, 8));
    expect(outboxMail(ctx.config.DATA_DIR, typed)).toEqual([]);
    expect((await exportedReports(reporter.cookie)).map((report) => report.description)).toEqual(['The save button did nothing']);
  });

  it('a signed-in reporter whose address is not proven yet gets no acknowledgement', async () => {
    const reporter = await signInNewUser(ctx.app, db());
    await db().update(users).set({ emailVerified: false }).where(eq(users.id, reporter.id));
    const body = multipart({ description: 'The slider froze', email: reporter.email });
    const res = await postSignedIn(body, reporter.cookie);
    expect(res.statusCode).toBe(201);
    expect(await ownerOf(res.json().id)).toBe(reporter.id);
    expect(await mailJobsAbout(res.json().id)).toEqual([]);
  });

  it('belongs to the signed-in reporter, and to no one for a visitor', async () => {
    const { id: userId, cookie } = await signInNewUser(ctx.app, ctx.app.services.database.db);
    const fields = { description: 'The save button did nothing', email: 'someone@example.com', pageUrl: '', userAgent: 'UA/1' };
    const body = multipart(fields);
    const signedIn = await postSignedIn(body, cookie);
    expect(signedIn.statusCode).toBe(201);
    const visitor = await post(multipart(fields));
    expect(visitor.statusCode).toBe(201);
    expect(await ownerOf(signedIn.json().id)).toBe(userId);
    expect(await ownerOf(visitor.json().id)).toBeNull();
  });

  it('requires a description', async () => {
    const res = await post(multipart({ description: '   ', email: '' }));
    expect(res.statusCode).toBe(400);
  });

  it('refuses a file that is not an image, keeping nothing', async () => {
    const before = await ctx.app.services.database.db.select().from(bugReports);
    const res = await post(
      multipart({ description: 'x' }, [{ field: 'trails', filename: 'a.png', data: Buffer.from('not an image at all') }]),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe(messages.validation.unsupportedFile);
    const after = await ctx.app.services.database.db.select().from(bugReports);
    expect(after).toHaveLength(before.length);
  });

  it('reads the form by its catalogue declaration: a file under another name, or more screenshots than it takes, is refused and nothing kept', async () => {
    const before = await db().select().from(bugReports);
    const shot = await makeJpeg({ width: 64, height: 48 });
    // From an address of its own: the route's rate limit counts per address.
    const misnamed = await post(multipart({ description: 'x' }, [{ field: 'screenshot', filename: 'a.jpg', data: shot }]), '10.1.2.3');
    expect(misnamed.statusCode).toBe(400);
    expect(misnamed.json().error).toBe('This form takes no file named screenshot.');
    const max = routes.bugReport.multipart.trails.max;
    const tooMany = await post(
      multipart(
        { description: 'x' },
        Array.from({ length: max + 1 }, (_, i) => ({ field: 'trails', filename: `${i}.jpg`, data: shot })),
      ),
      '10.1.2.3',
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toBe(tooManyFiles('trails', max));
    expect(await db().select().from(bugReports)).toHaveLength(before.length);
  });

  it('refuses a screenshot over 10 MB with 413', async () => {
    const res = await post(
      multipart({ description: 'big' }, [{ field: 'trails', filename: 'big.jpg', data: Buffer.alloc(10 * 1024 * 1024 + 1, 1) }]),
    );
    expect(res.statusCode).toBe(413);
  });
});
