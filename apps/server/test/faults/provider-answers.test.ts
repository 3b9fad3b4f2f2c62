import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineCalls } from '../../src/db/schema';
import { VARIATIONS_PER_DESIGN } from '../../src/features/designs/creation/generate-design';
import { signInNewUser } from '../fixtures';
import { makeRoomPhoto, postDesign } from './fault-fixtures';
import { makeItemPhoto } from '../images';
import { imagesAnswer } from './engine-stand-in';
import { BLOCKED, expectFailure, INCOMPLETE_ANALYSIS, REFUSED, standIn, UNAVAILABLE, type Answer, type StandIn } from './provider-stand-in';

/**
 * Every answer the hosted engines give that is not an image, shaped as the providers document them,
 * through the real app and the real adapters against a local stand-in: the user reads our message
 * (never the provider's words), nothing is retried that a retry cannot mend, the credit comes back,
 * and the cause is kept for the log and the admin view (engine_calls). The stand-in: provider-stand-in.ts.
 */

describe('provider answers: OpenAI', () => {
  let engine: StandIn;
  let answerImage: Buffer;
  beforeAll(async () => {
    engine = await standIn({ IMAGE_ENGINE: 'openai', VISION_ENGINE: 'openai', OPENAI_API_KEY: 'test-openai-key' });
    answerImage = await sharp(await makeRoomPhoto())
      .png()
      .toBuffer();
  });
  afterAll(() => engine?.close());

  const openAiError =
    (status: number, message: string, code: string | null, type = 'invalid_request_error'): Answer =>
    () => ({ status, json: { error: { message, type, param: null, code } } });
  const imagePath = /\/v1\/images\/edits$/;

  it('400 moderation_blocked: a safety block, asked once', () =>
    expectFailure(
      engine,
      openAiError(400, 'Your request was rejected by the safety system. safety_violations=[violence].', 'moderation_blocked'),
      {
        message: BLOCKED,
        requests: 1,
        cause: 'rejected by the safety system',
        path: imagePath,
      },
    ));

  it('404 for a retired or unknown model: not available, asked once', () =>
    expectFailure(engine, openAiError(404, 'The model `gpt-image-1` does not exist or you do not have access to it.', 'model_not_found'), {
      message: UNAVAILABLE,
      requests: 1,
      cause: 'does not exist',
      path: imagePath,
    }));

  it('400 for a too-large input: refused, asked once', () =>
    expectFailure(engine, openAiError(400, 'Image file is too large. Maximum size is 50MB.', 'image_too_large'), {
      message: REFUSED,
      requests: 1,
      cause: 'too large',
      path: imagePath,
    }));

  it('429 insufficient_quota without Retry-After: not available, not retried', () =>
    expectFailure(
      engine,
      openAiError(
        429,
        'You exceeded your current quota, please check your plan and billing details.',
        'insufficient_quota',
        'insufficient_quota',
      ),
      { message: UNAVAILABLE, requests: 1, cause: 'exceeded your current quota', path: imagePath },
    ));

  it('a text answer that is not JSON, twice: the analysis is incomplete, the design fails and the credit comes back', () =>
    expectFailure(
      engine,
      (request) =>
        imagePath.test(request.path)
          ? imagesAnswer(answerImage)(request)
          : {
              json: {
                id: 'chatcmpl-1',
                object: 'chat.completion',
                created: 1_760_000_000,
                model: 'gpt-5.4-mini',
                choices: [
                  {
                    index: 0,
                    finish_reason: 'stop',
                    message: { role: 'assistant', content: 'Here is your analysis: <p>lovely</p>', refusal: null },
                  },
                ],
              },
            },
      {
        message: INCOMPLETE_ANALYSIS,
        requests: 2,
        cause: INCOMPLETE_ANALYSIS,
        path: /\/v1\/chat\/completions$/,
        only: (request) => JSON.stringify(request.json).includes('design_analysis'),
      },
    ));
});

describe('provider answers: Gemini', () => {
  let engine: StandIn;
  beforeAll(async () => {
    engine = await standIn({ IMAGE_ENGINE: 'gemini', GEMINI_API_KEY: 'test-gemini-key', GEMINI_IMAGE_MODEL: 'gemini-3.1-flash-image' });
  });
  afterAll(() => engine?.close());

  const imagePath = /\/models\/gemini-3\.1-flash-image:generateContent$/;
  // Gemini makes one image per request: a design's variations are that many requests, each asked once.
  const requests = VARIATIONS_PER_DESIGN;
  const noImage =
    (extra: Record<string, unknown>): Answer =>
    () => ({ json: { responseId: 'resp-1', modelVersion: 'gemini-3.1-flash-image', ...extra } });

  it('promptFeedback.blockReason: a safety block, asked once', () =>
    expectFailure(
      engine,
      noImage({ promptFeedback: { blockReason: 'PROHIBITED_CONTENT', blockReasonMessage: 'The prompt was blocked.' } }),
      {
        message: BLOCKED,
        requests,
        cause: 'The prompt was blocked.',
        path: imagePath,
      },
    ));

  it.each(['IMAGE_SAFETY', 'PROHIBITED_CONTENT', 'IMAGE_RECITATION'])(
    'a candidate finishing %s with no image: a safety block, asked once',
    async (reason) => {
      await expectFailure(engine, noImage({ candidates: [{ content: { role: 'model', parts: [] }, finishReason: reason, index: 0 }] }), {
        message: BLOCKED,
        requests,
        cause: `blocked (${reason})`,
        path: imagePath,
      });
    },
  );

  it('404 NOT_FOUND for a retired model: not available, asked once', () =>
    expectFailure(
      engine,
      () => ({
        status: 404,
        json: { error: { code: 404, message: 'models/gemini-3.1-flash-image is not found for API version v1beta.', status: 'NOT_FOUND' } },
      }),
      { message: UNAVAILABLE, requests, cause: 'is not found', path: imagePath },
    ));

  it('429 RESOURCE_EXHAUSTED for a used-up quota, no RetryInfo: not available, not retried', () =>
    expectFailure(
      engine,
      () => ({
        status: 429,
        json: {
          error: {
            code: 429,
            message: 'You exceeded your current quota, please check your plan and billing details.',
            status: 'RESOURCE_EXHAUSTED',
          },
        },
      }),
      { message: UNAVAILABLE, requests, cause: 'exceeded your current quota', path: imagePath },
    ));
});

describe('provider answers: an image at the configured model and size', () => {
  it('OpenAI: the configured model is asked for the room photo shape at 2048 px, the stored result (the download) is that size, usage and cost recorded', async () => {
    const engine = await standIn({
      IMAGE_ENGINE: 'openai',
      OPENAI_API_KEY: 'test-openai-key',
      OPENAI_IMAGE_MODEL: 'gpt-image-2-2026-04-21',
    });
    try {
      const { ctx } = engine;
      const db = ctx.app.services.database.db;
      // What the model makes for the size asked: 2048x1536 for this 4:3 room, 1024x1024 for anything else.
      const large = await sharp({ create: { width: 2048, height: 1536, channels: 3, background: '#7a6a5a' } })
        .png()
        .toBuffer();
      const small = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#7a6a5a' } })
        .png()
        .toBuffer();
      engine.answerWith((request) => {
        const field = (name: string) => request.form?.fields.find((f) => f.name === name)?.value;
        const image = field('size') === '2048x1536' ? large : small;
        return {
          json: {
            created: 1_760_000_000,
            output_format: 'png',
            data: Array.from({ length: Number(field('n')) }, () => ({ b64_json: image.toString('base64') })),
            usage: {
              input_tokens: 1200,
              input_tokens_details: { text_tokens: 200, image_tokens: 1000 },
              output_tokens: 4000,
              total_tokens: 5200,
            },
          },
        };
      });
      const { cookie } = await signInNewUser(ctx.app, db);
      const res = await postDesign(ctx.app, cookie, await makeRoomPhoto(), await makeItemPhoto());
      expect(res.statusCode).toBe(200);
      const { designId } = res.json<{ designId: string }>();
      const [request] = engine.server.requests;
      expect(request?.form?.fields.find((f) => f.name === 'model')?.value).toBe('gpt-image-2-2026-04-21');
      expect(request?.form?.fields.find((f) => f.name === 'size')?.value).toBe('2048x1536'); // the room photo is 4:3
      const design = await ctx.app.inject({ method: 'GET', url: `/api/room-design/${designId}`, headers: { cookie } });
      const first = design
        .json<{ designImages: { kind: string; width: number; height: number }[] }>()
        .designImages.find((image) => image.kind === 'generated');
      expect(first).toMatchObject({ width: 2048, height: 1536 });
      await expect
        .poll(async () =>
          (await db.select().from(engineCalls).where(eq(engineCalls.designId, designId))).find((call) => call.operation === 'redesign'),
        )
        .toMatchObject({ ok: true, model: 'gpt-image-2-2026-04-21', inputTokens: 1200, outputTokens: 4000, images: 2 });
      const [call] = await db.select().from(engineCalls).where(eq(engineCalls.operation, 'redesign'));
      // gpt-image-2's price (the dated snapshot is its alias in the table): text in $5 / M, image in $8 / M, image out $30 / M.
      expect(call?.estimatedCostUsd).toBeCloseTo((200 * 5 + 1000 * 8 + 4000 * 30) / 1e6, 6);
    } finally {
      await engine.close();
    }
  });

  it('Gemini: the configured model of a known family is asked for 2K in the room shape, the stored result is that size', async () => {
    const engine = await standIn({ IMAGE_ENGINE: 'gemini', GEMINI_API_KEY: 'test-gemini-key', GEMINI_IMAGE_MODEL: 'gemini-3-pro-image' });
    try {
      const { ctx } = engine;
      const db = ctx.app.services.database.db;
      // What Gemini 3 image models make for 4:3: 2400x1792 at 2K, 1184x864 at the default 1K.
      const large = await sharp({ create: { width: 2400, height: 1792, channels: 3, background: '#5a6a7a' } })
        .png()
        .toBuffer();
      const small = await sharp({ create: { width: 1184, height: 864, channels: 3, background: '#5a6a7a' } })
        .png()
        .toBuffer();
      engine.answerWith((request) => {
        const { imageConfig } = (request.json as { generationConfig: { imageConfig: { aspectRatio: string; imageSize?: string } } })
          .generationConfig;
        const image = imageConfig.imageSize === '2K' && imageConfig.aspectRatio === '4:3' ? large : small;
        return {
          json: {
            responseId: 'resp-ok',
            modelVersion: 'gemini-3-pro-image',
            candidates: [
              {
                content: { role: 'model', parts: [{ inlineData: { mimeType: 'image/png', data: image.toString('base64') } }] },
                finishReason: 'STOP',
                index: 0,
              },
            ],
            usageMetadata: { promptTokenCount: 900, candidatesTokenCount: 1680, totalTokenCount: 2580 },
          },
        };
      });
      const { cookie } = await signInNewUser(ctx.app, db);
      const res = await postDesign(ctx.app, cookie, await makeRoomPhoto(), await makeItemPhoto());
      expect(res.statusCode).toBe(200);
      const { designId } = res.json<{ designId: string }>();
      expect(engine.server.requests[0]?.path).toBe('/v1beta/models/gemini-3-pro-image:generateContent');
      const design = await ctx.app.inject({ method: 'GET', url: `/api/room-design/${designId}`, headers: { cookie } });
      const first = design
        .json<{ designImages: { kind: string; width: number; height: number }[] }>()
        .designImages.find((image) => image.kind === 'generated');
      expect(first).toMatchObject({ width: 2400, height: 1792 });
      await expect
        .poll(async () =>
          (await db.select().from(engineCalls).where(eq(engineCalls.designId, designId))).find((call) => call.operation === 'redesign'),
        )
        .toMatchObject({
          ok: true,
          inputTokens: 900 * VARIATIONS_PER_DESIGN,
          outputTokens: 1680 * VARIATIONS_PER_DESIGN,
          images: VARIATIONS_PER_DESIGN,
        });
    } finally {
      await engine.close();
    }
  });
});

describe('provider answers: the items of a design', () => {
  it('a malformed items answer: the design still completes, its images without items', async () => {
    const engine = await standIn({ IMAGE_ENGINE: 'openai', VISION_ENGINE: 'openai', OPENAI_API_KEY: 'test-openai-key' });
    try {
      const { ctx } = engine;
      const answerImage = await sharp(await makeRoomPhoto())
        .png()
        .toBuffer();
      const chat = (content: string) => ({
        json: {
          id: 'chatcmpl-1',
          object: 'chat.completion',
          created: 1_760_000_000,
          model: 'gpt-5.4-mini',
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content, refusal: null } }],
        },
      });
      engine.answerWith((request) => {
        if (request.path.endsWith('/images/edits')) return imagesAnswer(answerImage)(request);
        const asked = JSON.stringify(request.json);
        return asked.includes('shoppable_items')
          ? chat('{"items": "a sofa and a rug"}')
          : chat(JSON.stringify({ html: '<p>Warm and calm.</p>' }));
      });
      const { cookie } = await signInNewUser(ctx.app, ctx.app.services.database.db);
      const res = await postDesign(ctx.app, cookie, await makeRoomPhoto(), await makeItemPhoto());
      expect(res.statusCode).toBe(200);
      const view = await ctx.app.inject({ method: 'GET', url: `/api/room-design/${res.json().designId}`, headers: { cookie } });
      const generated = view.json<{ status: string; designImages: { kind: string; items: unknown }[] }>();
      expect(generated.status).toBe('done');
      const images = generated.designImages.filter((image) => image.kind === 'generated');
      expect(images.length).toBeGreaterThan(0);
      expect(images.every((image) => Array.isArray(image.items) && image.items.length === 0)).toBe(true);
    } finally {
      await engine.close();
    }
  });
});
