import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineCalls, roomDesigns } from '../../src/db/schema';
import { NO_IMAGE_MESSAGE } from '../../src/engines/image-engine';
import { ENGINE_CONFIGURATION_ALERT } from '../../src/features/admin/save-engine-call';
import { VARIATIONS_PER_DESIGN } from '../../src/features/designs/creation/generate-design';
import { noImageRetryKey } from '../../src/features/designs/images/design-files';
import { readObject } from '../../src/storage/read-object';
import { designResults } from '../design-results';
import { signInNewUser } from '../fixtures';
import { makeItemPhoto } from '../images';
import { creditsUsed, makeRoomPhoto, postDesign } from './fault-fixtures';
import { expectFailure, standIn, UNAVAILABLE, type Answer, type StandIn } from './provider-stand-in';

/**
 * Engine errors by their meaning (ADR 034), through the real app and the real
 * adapters against a local stand-in for each service: the operator's set-up stops and alerts, an
 * answer without an image is worth one more paid attempt and no more, the variations already paid for
 * are kept when another is blocked, and no key fragment reaches the log or the engine_calls rows.
 */

const ERROR_LEVEL = 50;

describe('engine errors by their meaning: Gemini', () => {
  let engine: StandIn;
  beforeAll(async () => {
    engine = await standIn({ IMAGE_ENGINE: 'gemini', GEMINI_API_KEY: 'test-gemini-key', GEMINI_IMAGE_MODEL: 'gemini-3.1-flash-image' });
  });
  afterAll(() => engine?.close());

  const imagePath = /\/models\/gemini-3\.1-flash-image:generateContent$/;
  const gemini = (extra: Record<string, unknown>) => ({ json: { responseId: 'resp-1', modelVersion: 'gemini-3.1-flash-image', ...extra } });
  const finished = (reason: string) => gemini({ candidates: [{ content: { role: 'model', parts: [] }, finishReason: reason, index: 0 }] });
  const imageAnswer = (image: Buffer, id: string) =>
    gemini({
      responseId: id,
      candidates: [
        {
          content: { role: 'model', parts: [{ inlineData: { mimeType: 'image/png', data: image.toString('base64') } }] },
          finishReason: 'STOP',
        },
      ],
    });

  it.each([
    ['an unsupported location', 'User location is not supported for the API use.'],
    [
      'billing not enabled',
      'Gemini API free tier is not available in your country. Please enable billing on your project in Google AI Studio.',
    ],
  ])(
    "400 FAILED_PRECONDITION for %s: the operator's set-up, like a bad key: not available (never 'try different photos'), not retried, credit back, an alert at error level",
    async (_what, message) => {
      const designId = await expectFailure(
        engine,
        () => ({ status: 400, json: { error: { code: 400, message, status: 'FAILED_PRECONDITION' } } }),
        {
          message: UNAVAILABLE,
          // One request per variation, each asked once; the job does not run again.
          requests: VARIATIONS_PER_DESIGN,
          cause: message,
          path: imagePath,
        },
      );
      await expect
        .poll(() => engine.logLines().filter((line) => line.level === ERROR_LEVEL && line.designId === designId))
        .toContainEqual(expect.objectContaining({ msg: ENGINE_CONFIGURATION_ALERT, cause: message, status: 400, engine: 'gemini' }));
    },
  );

  it.each(['NO_IMAGE', 'IMAGE_OTHER'])(
    'a candidate finishing %s on every request: one more paid attempt of one image, no more (3 requests, not 6), then the design fails, credit back',
    async (reason) => {
      const designId = await expectFailure(engine, () => finished(reason), {
        message: NO_IMAGE_MESSAGE,
        requests: VARIATIONS_PER_DESIGN + 1,
        cause: `finished ${reason} without an image`,
        path: imagePath,
      });
      // The extra attempt is recorded with the design: a retried or resumed job finds it and makes no other.
      expect(await readObject(engine.ctx.app.services.storage, noImageRetryKey(designId))).not.toBeNull();
    },
  );

  it('a NO_IMAGE on both variations, then an image: the design is done from the one more attempt, charged once', async () => {
    const { ctx } = engine;
    const db = ctx.app.services.database.db;
    const image = await sharp(await makeRoomPhoto())
      .png()
      .toBuffer();
    const before = engine.server.requests.length;
    let answered = 0;
    engine.answerWith(() => (++answered <= VARIATIONS_PER_DESIGN ? finished('NO_IMAGE') : imageAnswer(image, 'again')));
    const { id, cookie } = await signInNewUser(ctx.app, db);
    const res = await postDesign(ctx.app, cookie, await makeRoomPhoto(), await makeItemPhoto());
    expect(res.statusCode).toBe(200);
    const { designId } = res.json<{ designId: string }>();
    expect(engine.server.requests.slice(before).filter((request) => imagePath.test(request.path))).toHaveLength(VARIATIONS_PER_DESIGN + 1);
    expect((await designResults(db, designId)).generated).toHaveLength(1);
    expect(await creditsUsed(ctx.app, id)).toBe(1);
  });

  it('one variation blocked, the other delivered: the design is done with the one delivered (paid for), not thrown away', async () => {
    const { ctx } = engine;
    const db = ctx.app.services.database.db;
    const image = await sharp(await makeRoomPhoto())
      .png()
      .toBuffer();
    let answered = 0;
    engine.answerWith(() => (answered++ % 2 === 0 ? imageAnswer(image, 'delivered') : finished('IMAGE_SAFETY')));
    const before = engine.server.requests.length;
    const { id, cookie } = await signInNewUser(ctx.app, db);
    const res = await postDesign(ctx.app, cookie, await makeRoomPhoto(), await makeItemPhoto());
    expect(res.statusCode).toBe(200);
    const { designId } = res.json<{ designId: string }>();
    // Asked once per variation, and no more: nothing is asked again for the blocked one.
    expect(engine.server.requests.slice(before).filter((request) => imagePath.test(request.path))).toHaveLength(VARIATIONS_PER_DESIGN);
    const [design] = await db.select().from(roomDesigns).where(eq(roomDesigns.id, designId));
    expect(design).toMatchObject({ status: 'done', creditState: 'committed', providerRequestId: 'delivered' });
    expect((await designResults(db, designId)).generated).toHaveLength(1);
    expect(await creditsUsed(ctx.app, id)).toBe(1);
    await expect
      .poll(() =>
        engine.logLines().filter((line) => line.designId === designId && line.msg?.startsWith('some variations did not come back')),
      )
      .toContainEqual(expect.objectContaining({ delivered: 1, declined: ['blocked (IMAGE_SAFETY)'] }));
  });
});

describe('engine errors by their meaning: OpenAI', () => {
  let engine: StandIn;
  beforeAll(async () => {
    engine = await standIn({ IMAGE_ENGINE: 'openai', VISION_ENGINE: 'openai', OPENAI_API_KEY: 'sk-abcdefghijklmnopqrstuvwxyz' });
  });
  afterAll(() => engine?.close());

  it('a 401 quoting a masked fragment of the key: not available, asked once, an alert; no fragment of the key in the log or the engine_calls rows', async () => {
    const text = 'Incorrect API key provided: sk-ab****wxyz. You can find your API key at https://platform.openai.com/account/api-keys.';
    const unauthorised: Answer = () => ({
      status: 401,
      json: { error: { message: text, type: 'invalid_request_error', param: null, code: 'invalid_api_key' } },
    });
    const designId = await expectFailure(engine, unauthorised, {
      message: UNAVAILABLE,
      requests: 1,
      cause: 'Incorrect API key provided: [key redacted]. You can find your API key at',
      path: /\/v1\/images\/edits$/,
    });
    await expect
      .poll(() => engine.logLines().filter((line) => line.level === ERROR_LEVEL && line.designId === designId))
      .toContainEqual(expect.objectContaining({ msg: ENGINE_CONFIGURATION_ALERT, status: 401, engine: 'openai' }));
    const rows = await engine.ctx.app.services.database.db.select().from(engineCalls);
    expect(rows.some((row) => row.designId === designId && !row.ok)).toBe(true);
    const written = [...engine.logText, ...rows.map((row) => JSON.stringify(row))].join('\n');
    for (const fragment of ['sk-ab', '****', 'wxyz', 'sk-abcdefghijklmnopqrstuvwxyz']) expect(written).not.toContain(fragment);
  });
});

describe('a gateway key without a known shape (OPENAI_BASE_URL): masked by its value, not its shape', () => {
  const GATEWAY_KEY = 'gw-live-7Hq2Lm9Xc4Vb8Nz1Pd6';
  let engine: StandIn;
  beforeAll(async () => {
    engine = await standIn({ IMAGE_ENGINE: 'openai', VISION_ENGINE: 'openai', OPENAI_API_KEY: GATEWAY_KEY });
  });
  afterAll(() => engine?.close());

  it('a 401 quoting the whole key: the key is in no log line, no engine_calls row and no admin answer', async () => {
    const text = `Invalid credentials: the key ${GATEWAY_KEY} is not valid for this gateway.`;
    const designId = await expectFailure(engine, () => ({ status: 401, json: { error: { message: text, code: 'invalid_api_key' } } }), {
      message: UNAVAILABLE,
      requests: 1,
      cause: 'Invalid credentials: the key [secret redacted] is not valid for this gateway.',
      path: /\/v1\/images\/edits$/,
    });
    const db = engine.ctx.app.services.database.db;
    const rows = await db.select().from(engineCalls);
    expect(rows.some((row) => row.designId === designId && row.cause?.includes('[secret redacted]'))).toBe(true);
    const admin = await signInNewUser(engine.ctx.app, db, { role: 'admin' });
    const answer = await engine.ctx.app.inject({ method: 'GET', url: '/api/admin/engines', headers: { cookie: admin.cookie } });
    expect(answer.statusCode).toBe(200);
    const written = [...engine.logText, ...rows.map((row) => JSON.stringify(row)), answer.body].join('\n');
    expect(written).toContain('[secret redacted]');
    expect(written).not.toContain(GATEWAY_KEY);
  });
});

