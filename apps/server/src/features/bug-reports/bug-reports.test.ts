import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@rv/contracts/messages';
import { bugReports } from '../../db/schema';
import { outboxMail, signInNewUser } from '../../test/fixtures';
import { makeJpeg } from '../../test/images';
import { createTestApp, eventually, multipart, TEST_ORIGIN } from '../../test/test-app';

describe('POST /api/bug-report', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const post = (body: ReturnType<typeof multipart>) =>
    ctx.app.inject({ method: 'POST', url: '/api/bug-report', headers: { ...body.headers, origin: TEST_ORIGIN }, payload: body.payload });

  it('stores the report with its screenshot (metadata stripped) and mails the reporter', async () => {
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

    const eml = await eventually(async () => outboxMail(ctx.config.DATA_DIR)[0]);
    expect(eml).toContain('To: reporter@example.com');
    expect(eml).toContain('Subject: We received your bug report');
  });

  it('belongs to the signed-in reporter, and to no one for a visitor', async () => {
    const { id: userId, cookie } = await signInNewUser(ctx.app, ctx.app.services.database.db);
    const fields = { description: 'The save button did nothing', email: 'someone@example.com', pageUrl: '', userAgent: 'UA/1' };
    const body = multipart(fields);
    const signedIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/bug-report',
      headers: { ...body.headers, origin: TEST_ORIGIN, cookie },
      payload: body.payload,
    });
    expect(signedIn.statusCode).toBe(201);
    const visitor = await post(multipart(fields));
    expect(visitor.statusCode).toBe(201);
    const ownerOf = async (id: string) =>
      (await ctx.app.services.database.db.select({ userId: bugReports.userId }).from(bugReports).where(eq(bugReports.id, id)))[0]?.userId;
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

  it('refuses a screenshot over 10 MB with 413', async () => {
    const res = await post(
      multipart({ description: 'big' }, [{ field: 'trails', filename: 'big.jpg', data: Buffer.alloc(10 * 1024 * 1024 + 1, 1) }]),
    );
    expect(res.statusCode).toBe(413);
  });
});
