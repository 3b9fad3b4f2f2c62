import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { styleLensAnalyzeAnswer } from '@rv/contracts/api/style-lens';
import { messages } from '@rv/contracts/messages';
import { roomDesigns } from '../../db/schema';
import { roomJpeg } from '@rv/testing/test-rooms';
import { createGeminiVisionEngine } from '../../engines/gemini/gemini-vision-engine';
import { lastLocalEngineCall } from '../../engines/local/local-image-engine';
import { startTestHttpServer } from '@rv/testing/test-http-server';
import { makeJpeg, twoColourPhoto } from '../../../test/images';
import { signInNewUser, type createUser } from '../../../test/fixtures';
import { createTestApp, multipart, TEST_ORIGIN } from '../../../test/test-app';

const NAVY = '#1f2e50';
const CREAM = '#eee0c2';
const TERRACOTTA = '#c2643c';
const SAGE = '#9caf88';

describe('StyleLens: POST /api/stylelens/analyze and /api/stylelens/save', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let photos: Buffer[];
  let room: Buffer;
  beforeAll(async () => {
    ctx = await createTestApp();
    room = await roomJpeg({ width: 480, height: 360 });
    photos = await Promise.all([
      twoColourPhoto(NAVY, CREAM),
      twoColourPhoto(NAVY, TERRACOTTA),
      twoColourPhoto(CREAM, NAVY),
      twoColourPhoto(TERRACOTTA, CREAM),
      twoColourPhoto(SAGE, NAVY),
      twoColourPhoto(NAVY, CREAM),
      twoColourPhoto(CREAM, TERRACOTTA),
      twoColourPhoto(SAGE, CREAM),
      twoColourPhoto(NAVY, SAGE),
      twoColourPhoto(TERRACOTTA, NAVY),
      twoColourPhoto(CREAM, SAGE),
    ]);
  });
  afterAll(() => ctx.close());

  const db = () => ctx.app.services.database.db;
  const signIn = (options: Parameters<typeof createUser>[1] = {}) => signInNewUser(ctx.app, db(), options);
  const styleFiles = (list: Buffer[]) => list.map((data, i) => ({ field: 'styles', filename: `style-${i + 1}.png`, data }));
  const analyze = (cookie: string, files: Parameters<typeof multipart>[1], editing?: 'true' | 'false') => {
    const body = multipart({}, files);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/stylelens/analyze${editing ? `?editing=${editing}` : ''}`,
      headers: { ...body.headers, origin: TEST_ORIGIN, cookie },
      payload: body.payload,
    });
  };
  const save = (cookie: string) => ctx.app.inject({ method: 'POST', url: '/api/stylelens/save', headers: { origin: TEST_ORIGIN, cookie } });
  const profile = async (cookie: string) => (await ctx.app.inject({ method: 'GET', url: '/api/user-profile', headers: { cookie } })).json();
  /** Makes a furnishing design and answers with the design's id. */
  const design = (cookie: string, fields: Record<string, string> = {}) => {
    const body = multipart({ styleDescription: 'calm', architecturalChanges: 'no', furnitureData: '[]', ...fields }, [
      { field: 'roomPhoto', filename: 'room.jpg', data: room },
    ]);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/room-design',
      headers: { ...body.headers, origin: TEST_ORIGIN, cookie },
      payload: body.payload,
    });
  };
  const promptOf = async (designId: string) =>
    (
      await db().select({ prompt: roomDesigns.prompt, userId: roomDesigns.userId }).from(roomDesigns).where(eq(roomDesigns.id, designId))
    )[0];
  const storedStylePhotos = (userId: string) => {
    const dir = path.join(ctx.config.DATA_DIR, 'files', 'style-lens', userId);
    return existsSync(dir)
      ? readdirSync(dir)
          .filter((file) => file.endsWith('.webp'))
          .sort()
      : [];
  };

  it('4 photos cannot be analysed, and 11 (or 12) cannot be added: nothing is stored', async () => {
    const { id, cookie } = await signIn();
    const four = await analyze(cookie, styleFiles(photos.slice(0, 4)));
    expect(four.statusCode).toBe(400);
    expect(four.json().error).toBe(messages.styleLens.tooFewPhotos);

    const eleven = await analyze(cookie, styleFiles(photos.slice(0, 11)));
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json().error).toBe(messages.styleLens.tooManyPhotos);

    const twelve = await analyze(cookie, styleFiles([...photos.slice(0, 11), photos[0]!]));
    expect(twelve.statusCode).toBe(400);
    expect(twelve.json().error).toBe(messages.styleLens.tooManyPhotos);

    expect(storedStylePhotos(id)).toEqual([]);
    expect((await profile(cookie)).styleLens).toBeNull();
  });

  it('asks for a session and tool access', async () => {
    const anonymous = await analyze('', styleFiles(photos.slice(0, 5)));
    expect(anonymous.statusCode).toBe(401);
    const lapsed = await signIn({ subscriptionStatus: 'canceled' });
    expect((await analyze(lapsed.cookie, styleFiles(photos.slice(0, 5)))).statusCode).toBe(403);
    expect((await save('')).statusCode).toBe(401);
  });

  it('refuses a file that is not an image with the upload message, and stores nothing', async () => {
    const { id, cookie } = await signIn();
    const res = await analyze(cookie, [
      ...styleFiles(photos.slice(0, 4)),
      { field: 'styles', filename: 'photo.jpg', data: Buffer.from('not an image') },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe(messages.validation.unsupportedFile);
    expect(storedStylePhotos(id)).toEqual([]);
  });

  it('builds the lens from 6 photos of known colours: the palette names them, the photos are stored for their owner only', async () => {
    const { id, cookie } = await signIn();
    const res = await analyze(cookie, styleFiles(photos.slice(0, 6)));
    expect(res.statusCode).toBe(200);
    const answer = styleLensAnalyzeAnswer.parse(res.json());

    const names = answer.summary.palette.map((entry) => entry.replace(/^#[0-9a-f]{6} /, ''));
    expect(names).toEqual(expect.arrayContaining(['navy', 'cream', 'terracotta']));
    expect(answer.lens).toContain('navy');
    expect(answer.summary.materials.length).toBeGreaterThan(0);
    expect(answer.summary.note).toContain('Read from 6 photos');

    expect(answer.stylePhotosStorageUrls).toHaveLength(6);
    for (const url of answer.stylePhotosStorageUrls)
      expect(url).toMatch(new RegExp(`^/api/files/style-lens/${id}/[0-9a-f-]{36}-\\d+\\.webp$`));
    expect(storedStylePhotos(id)).toHaveLength(6);
    const image = await ctx.app.inject({ method: 'GET', url: answer.stylePhotosStorageUrls[0]!, headers: { cookie } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const stranger = await signIn();
    expect(
      (await ctx.app.inject({ method: 'GET', url: answer.stylePhotosStorageUrls[0]!, headers: { cookie: stranger.cookie } })).statusCode,
    ).toBe(404);

    // The order of the photos is kept: the first stored photo is the first one sent (navy on the left).
    const first = await sharp(image.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([first.data[0], first.data[1], first.data[2]].map((v) => Math.round(v! / 16))).toEqual(
      [0x1f, 0x2e, 0x50].map((v) => Math.round(v / 16)),
    );

    const me = await profile(cookie);
    expect(me.styleLens).toEqual({ stylelens: answer.lens, human_summary: answer.summary, styleurls: answer.stylePhotosStorageUrls });
    expect(me.styleSaveStatus).toBe(false);
  });

  it('stores every photo without its metadata (GPS)', async () => {
    const { id, cookie } = await signIn();
    const withGps = await Promise.all([1, 2, 3, 4, 5].map(() => makeJpeg({ width: 120, height: 90, exif: true })));
    const res = await analyze(
      cookie,
      withGps.map((data, i) => ({ field: 'styles', filename: `gps-${i}.jpg`, data })),
    );
    expect(res.statusCode).toBe(200);
    const [url] = res.json().stylePhotosStorageUrls as string[];
    const image = await ctx.app.inject({ method: 'GET', url: url!, headers: { cookie } });
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(storedStylePhotos(id)).toHaveLength(5);
  });

  it('save: nothing to save without a lens; then saved, and a design carries the lens in the prompt the engine received', async () => {
    const { id, cookie } = await signIn();
    const nothing = await save(cookie);
    expect(nothing.statusCode).toBe(404);
    expect(nothing.json().error).toBe(messages.styleLens.nothingToSave);

    const { lens } = (await analyze(cookie, styleFiles(photos.slice(0, 6)))).json() as { lens: string };
    const saved = await save(cookie);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ message: messages.account.styleLensSaved });
    expect((await profile(cookie)).styleSaveStatus).toBe(true);

    const withLens = await design(cookie);
    expect(withLens.statusCode).toBe(200);
    const stored = await promptOf(withLens.json().designId);
    expect(stored?.userId).toBe(id);
    expect(stored?.prompt).toContain('STYLELENS');
    expect(stored?.prompt).toContain(lens);
    const call = lastLocalEngineCall();
    expect(call?.kind).toBe('redesign');
    expect(call?.input.prompt).toContain(lens);

    // Left out for one design.
    const without = await design(cookie, { useStyleLens: 'false' });
    expect(without.statusCode).toBe(200);
    expect((await promptOf(without.json().designId))?.prompt).not.toContain('STYLELENS');
  });

  it('a re-run (editing=true) replaces the photos and the lens, which stays out of designs until it is saved again', async () => {
    const { id, cookie } = await signIn();
    const first = (await analyze(cookie, styleFiles(photos.slice(0, 6)))).json() as { stylePhotosStorageUrls: string[] };
    expect((await save(cookie)).statusCode).toBe(200);

    const again = await analyze(cookie, styleFiles(photos.slice(5, 10)), 'true');
    expect(again.statusCode).toBe(200);
    const second = again.json() as { lens: string; stylePhotosStorageUrls: string[] };
    expect(second.stylePhotosStorageUrls).toHaveLength(5);
    expect(second.stylePhotosStorageUrls.some((url) => first.stylePhotosStorageUrls.includes(url))).toBe(false);
    expect(storedStylePhotos(id)).toHaveLength(5);
    for (const url of first.stylePhotosStorageUrls)
      expect((await ctx.app.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(404);
    for (const url of second.stylePhotosStorageUrls)
      expect((await ctx.app.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(200);

    const me = await profile(cookie);
    expect(me.styleLens.stylelens).toBe(second.lens);
    expect(me.styleLens.styleurls).toEqual(second.stylePhotosStorageUrls);
    expect(me.styleSaveStatus).toBe(false);
    const unsaved = await design(cookie);
    expect(unsaved.statusCode).toBe(200);
    expect((await promptOf(unsaved.json().designId))?.prompt).not.toContain('STYLELENS');
  });

  it("a remote provider's malformed answer becomes a clear 502, and the previous lens and photos stay", async () => {
    // The adapters' own tests cover the checking in detail (gemini-vision-engine.test.ts and
    // openai-vision-engine.test.ts: bad JSON, a summary that fails the contract, a refusal). Here the
    // real Gemini adapter talks to a local stand-in server, to show what the user gets.
    const { id, cookie } = await signIn();
    const before = (await analyze(cookie, styleFiles(photos.slice(0, 5)))).json() as { lens: string };
    const server = await startTestHttpServer();
    const local = ctx.app.services.visionEngine;
    ctx.app.services.visionEngine = createGeminiVisionEngine({ apiKey: 'test-key', baseUrl: server.url, retryBaseMs: 1, timeoutMs: 5_000 });
    try {
      const text = (value: string) => ({
        json: { responseId: 'v-1', candidates: [{ content: { role: 'model', parts: [{ text: value }] }, finishReason: 'STOP' }] },
      });
      const wrongPalette = JSON.stringify({
        lens: 'Warm minimal',
        summary: { essence: 'Calm', palette: ['#d9cbb5 very warm sand'], materials: ['oak'], forms: [], note: '' },
      });
      server.respond(text('{"lens": "Warm'), text(wrongPalette));
      const res = await analyze(cookie, styleFiles(photos.slice(0, 5)));
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toBe(messages.styleLens.analysisIncomplete);
      expect(server.requests).toHaveLength(2);
    } finally {
      ctx.app.services.visionEngine = local;
      await server.close();
    }
    expect((await profile(cookie)).styleLens.stylelens).toBe(before.lens);
    expect(storedStylePhotos(id)).toHaveLength(5);
  });
});
