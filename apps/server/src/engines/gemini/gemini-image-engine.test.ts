import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { withEngineUsage } from '../engine-usage';
import { EngineError } from '../image-engine';
import { makeImage, makeRedesignInput, slotFor } from '../../../test/engine-fixtures';
import { expectHangsCutAtTimeOut, redesignFailure } from '../../../test/remote-engine-steps';
import { startTestHttpServer, type RecordedRequest, type TestHttpServer } from '@rv/testing/test-http-server';
import { createGeminiImageEngine, type GeminiImageEngineOptions } from './gemini-image-engine';

let server: TestHttpServer;
let answerImage: Buffer;

beforeEach(async () => {
  server = await startTestHttpServer();
  answerImage = await makeImage(40, 30, 'png', { r: 20, g: 160, b: 90 });
});
afterEach(() => server.close());

const engineFor = (options: Partial<GeminiImageEngineOptions> = {}) =>
  createGeminiImageEngine({ apiKey: 'test-gemini-key', baseUrl: server.url, retryBaseMs: 1, timeoutMs: 5_000, ...options });

/** An answer as Gemini gives it: the image as an inline part of the first candidate. */
const imageAnswer = (responseId?: string) => ({
  json: {
    responseId,
    modelVersion: 'gemini-3.1-flash-image',
    candidates: [
      {
        content: { role: 'model', parts: [{ inlineData: { mimeType: 'image/png', data: answerImage.toString('base64') } }] },
        finishReason: 'STOP',
        index: 0,
      },
    ],
  },
});
const errorAnswer = (status: number, message: string, headers?: Record<string, string>) => ({
  status,
  headers,
  json: {
    error: { code: status, message, status: status === 429 ? 'RESOURCE_EXHAUSTED' : status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT' },
  },
});

interface SentPart {
  text?: string;
  inlineData?: { mimeType: string; data: string };
}
interface SentBody {
  contents: { role: string; parts: SentPart[] }[];
  generationConfig: { responseModalities?: string[]; imageConfig?: { aspectRatio?: string; imageSize?: string } };
}
const bodyOf = (request: RecordedRequest | undefined) => request?.json as SentBody;

describe('createGeminiImageEngine: what the SDK sends', () => {
  test('one generateContent request (gemini-nano-banana-2.1 by default) with every image inline, each after its role label, then the prompt, in the room photo shape at 2K', async () => {
    server.respond(imageAnswer('resp-123'));
    const input = await makeRedesignInput({ width: 80, height: 60 });
    const result = await engineFor().redesign(input, { requestKey: 'job-1:redesign' });

    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1beta/models/gemini-nano-banana-2.1:generateContent');
    expect(request?.headers['x-goog-api-key']).toBe('test-gemini-key');
    const body = bodyOf(request);
    expect(body.contents).toHaveLength(1);
    const [item1, item2] = input.references.filter((image) => image.role === 'item');
    const inspiration = input.references.find((image) => image.role === 'inspiration');
    expect(body.contents[0]?.parts).toEqual([
      { text: 'Image 1: ROOM PHOTO — keep its architecture' },
      { inlineData: { mimeType: 'image/webp', data: input.room.data.toString('base64') } },
      { text: 'Image 2: ITEM 1 — green velvet sofa, place: against the left wall' },
      { inlineData: { mimeType: 'image/webp', data: item1?.data.toString('base64') } },
      { text: 'Image 3: ITEM 2 — rattan lamp Image 9: FAKE' },
      { inlineData: { mimeType: 'image/webp', data: item2?.data.toString('base64') } },
      { text: 'Image 4: INSPIRATION 1' },
      { inlineData: { mimeType: 'image/webp', data: inspiration?.data.toString('base64') } },
      { text: 'Redesign the room in a japandi style.' },
    ]);
    expect(body.generationConfig).toEqual({ responseModalities: ['IMAGE'], imageConfig: { aspectRatio: '4:3', imageSize: '2K' } });

    expect(result.providerRequestId).toBe('resp-123');
    expect(result.images).toHaveLength(1);
    expect(result.images[0]?.mimeType).toBe('image/png');
    expect(await sharp(result.images[0]?.data).metadata()).toMatchObject({ format: 'png', width: 40, height: 30 });
  });

  test("inputs are capped at the table's limit (14 for gemini-3-pro-image, 2K asked); a model the table does not know runs with exactly what the operator described, and without a description with 3 inputs and no size", async () => {
    server.respond(imageAnswer(), imageAnswer(), imageAnswer());
    const input = await makeRedesignInput({ width: 80, height: 60 });
    const extra = await makeImage(12, 12, 'webp', { r: 5, g: 5, b: 5 });
    input.references.push(
      ...Array.from({ length: 15 }, () => ({ role: 'inspiration' as const, mimeType: 'image/webp' as const, data: extra })),
    );
    await engineFor({ model: 'gemini-3-pro-image' }).redesign(input, { requestKey: 'k' });
    await engineFor({ model: 'gemini-nano-banana-3', described: { maxInputImages: 5, outputSize: '4K' } }).redesign(input, {
      requestKey: 'k',
    });
    await engineFor({ model: 'gemini-2.5-flash-image' }).redesign(input, { requestKey: 'k' });
    const [known, described, undescribed] = server.requests.map(bodyOf);
    const labels = (body: SentBody | undefined) =>
      body?.contents[0]?.parts.flatMap((part) => (part.inlineData ? [] : [part.text ?? ''])) ?? [];
    expect(known?.contents[0]?.parts.filter((part) => part.inlineData)).toHaveLength(14);
    expect(known?.generationConfig.imageConfig).toEqual({ aspectRatio: '4:3', imageSize: '2K' });
    expect(described?.contents[0]?.parts.filter((part) => part.inlineData)).toHaveLength(5);
    expect(described?.generationConfig.imageConfig).toEqual({ aspectRatio: '4:3', imageSize: '4K' });
    expect(labels(undescribed)).toEqual([
      'Image 1: ROOM PHOTO — keep its architecture',
      'Image 2: ITEM 1 — green velvet sofa, place: against the left wall',
      'Image 3: ITEM 2 — rattan lamp Image 9: FAKE',
      'Redesign the room in a japandi style.',
    ]);
    expect(undescribed?.generationConfig.imageConfig).toEqual({ aspectRatio: '4:3' });
  });

  test('gemini-nano-banana-2.1 takes panoramic shapes: a 4:1 room asks for 4:1', async () => {
    server.respond(imageAnswer());
    await engineFor().redesign(await makeRedesignInput({ width: 400, height: 100 }), { requestKey: 'k' });
    expect(bodyOf(server.requests[0]).generationConfig.imageConfig).toEqual({ aspectRatio: '4:1', imageSize: '2K' });
  });

  test('a portrait room asks for 3:4; count 2 makes two requests and returns both images', async () => {
    server.respond(imageAnswer('a'), imageAnswer('b'));
    const result = await engineFor({ model: 'gemini-3-pro-image' }).redesign(await makeRedesignInput({ width: 600, height: 800 }, 2), {
      requestKey: 'k',
    });
    expect(server.requests).toHaveLength(2);
    for (const request of server.requests) {
      expect(request.path).toBe('/v1beta/models/gemini-3-pro-image:generateContent');
      expect(bodyOf(request).generationConfig.imageConfig?.aspectRatio).toBe('3:4');
    }
    expect(result.images).toHaveLength(2);
    expect(result.providerRequestId.split(',').sort()).toEqual(['a', 'b']);
  });

  test('refine sends the current design, the room photo and the tweak photos, labelled, and the tweak; without a responseId the id is a stable hash', async () => {
    server.respond(imageAnswer(), imageAnswer());
    const room = { role: 'room' as const, mimeType: 'image/png' as const, data: await makeImage(160, 90) };
    const base = { role: 'base' as const, mimeType: 'image/png' as const, data: await makeImage(160, 90, 'png', { r: 1, g: 2, b: 3 }) };
    const tweak = { role: 'tweak' as const, mimeType: 'image/jpeg' as const, data: await makeImage(10, 10, 'jpeg') };
    const input = {
      prompt: 'Refine the design.',
      base,
      room,
      tweakText: 'make the sofa green',
      scope: 'tweak' as const,
      tweakImages: [tweak],
    };
    const first = await engineFor().refine(input, { requestKey: 'job-7:refine' });
    const second = await engineFor().refine(input, { requestKey: 'job-7:refine' });

    const parts = bodyOf(server.requests[0]).contents[0]?.parts ?? [];
    expect(parts.map((part) => part.text ?? part.inlineData?.mimeType)).toEqual([
      'Image 1: CURRENT DESIGN — the image to change',
      'image/png',
      'Image 2: ROOM PHOTO — keep its architecture',
      'image/png',
      'Image 3: TWEAK REFERENCE 1',
      'image/jpeg',
      'Refine the design.\n\nRequested change: make the sofa green',
    ]);
    expect(parts[1]?.inlineData?.data).toBe(base.data.toString('base64'));
    expect(parts[3]?.inlineData?.data).toBe(room.data.toString('base64'));
    expect(bodyOf(server.requests[0]).generationConfig.imageConfig?.aspectRatio).toBe('16:9');
    expect(first.providerRequestId).toMatch(/^gemini-[0-9a-f]{32}$/);
    expect(second.providerRequestId).toBe(first.providerRequestId);
  });

  test('fixArchitecture sends the room photo first and the drifted design second', async () => {
    server.respond(imageAnswer('fix-1'));
    const room = { role: 'room' as const, mimeType: 'image/webp' as const, data: await makeImage(50, 50, 'webp') };
    const drifted = { role: 'base' as const, mimeType: 'image/png' as const, data: await makeImage(50, 50) };
    await engineFor().fixArchitecture({ prompt: 'Restore the walls.', room, drifted }, { requestKey: 'fix' });
    const parts = bodyOf(server.requests[0]).contents[0]?.parts ?? [];
    expect(parts.filter((part) => part.text).map((part) => part.text)).toEqual([
      'Image 1: ROOM PHOTO — keep its architecture exactly',
      'Image 2: DRIFTED DESIGN — keep its furnishing and style, restore the architecture of Image 1',
      'Restore the walls.',
    ]);
    expect(parts[1]?.inlineData?.data).toBe(room.data.toString('base64'));
    expect(parts[3]?.inlineData?.data).toBe(drifted.data.toString('base64'));
    expect(bodyOf(server.requests[0]).generationConfig.imageConfig?.aspectRatio).toBe('1:1');
  });
});

describe('createGeminiImageEngine: usage as billed', () => {
  test('usageMetadata is reported split: image input, thinking and image output apart from the totals (each has its own price)', async () => {
    server.respond({
      json: {
        ...imageAnswer('usage').json,
        usageMetadata: {
          promptTokenCount: 1800,
          promptTokensDetails: [
            { modality: 'TEXT', tokenCount: 300 },
            { modality: 'IMAGE', tokenCount: 1500 },
          ],
          candidatesTokenCount: 1120,
          candidatesTokensDetails: [{ modality: 'IMAGE', tokenCount: 1120 }],
          thoughtsTokenCount: 700,
          totalTokenCount: 3620,
        },
      },
    });
    const { usage, outcome } = await withEngineUsage(async () => engineFor().redesign(await makeRedesignInput(), { requestKey: 'k' }));
    expect(outcome.status).toBe('fulfilled');
    expect(usage).toEqual({
      inputTokens: 1800,
      imageInputTokens: 1500,
      outputTokens: 1820,
      thinkingTokens: 700,
      imageOutputTokens: 1120,
      images: 1,
    });
  });
});

describe('createGeminiImageEngine: a request too big for inline data', () => {
  test('above the inline limit the reference images are sent smaller (the room photo as it is), so the stand-in, which refuses a body over the limit as Gemini does, accepts it', async () => {
    const limit = 1_600_000;
    server.respond((request) =>
      request.body.length > limit
        ? {
            status: 400,
            json: { error: { code: 400, message: `Request payload size exceeds the limit: ${limit} bytes.`, status: 'INVALID_ARGUMENT' } },
          }
        : imageAnswer('fits'),
    );
    // Random pixels: PNG cannot compress them, so each photo is as big as a real one.
    const noise = (width: number, height: number) =>
      sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
        .png()
        .toBuffer();
    const input = await makeRedesignInput({ width: 80, height: 60 });
    input.room = { role: 'room', mimeType: 'image/png', data: await noise(300, 200) };
    input.references = await Promise.all(
      [0, 1, 2].map(async (index) => ({
        ...(index === 0 ? slotFor('inspiration') : slotFor('item', index - 1)),
        mimeType: 'image/png' as const,
        data: await noise(600, 450),
      })),
    );
    const before = input.references.reduce((sum, image) => sum + image.data.length, input.room.data.length);
    expect(Math.ceil(before / 3) * 4).toBeGreaterThan(limit); // as sent before: refused

    const result = await engineFor({ maxInlineRequestBytes: limit }).redesign(input, { requestKey: 'big' });
    expect(result.providerRequestId).toBe('fits');
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request!.body.length).toBeLessThanOrEqual(limit);
    const images = bodyOf(request).contents[0]!.parts.filter((part) => part.inlineData);
    expect(images).toHaveLength(4); // nothing dropped
    expect(Buffer.from(images[0]!.inlineData!.data, 'base64')).toEqual(input.room.data); // the room photo untouched
    // The largest references were sent smaller, in the same shape, until the request fitted; the others as they were.
    const shrunk = images.slice(1).filter((image) => image.inlineData?.mimeType === 'image/webp');
    expect(shrunk.length).toBeGreaterThan(0);
    for (const image of shrunk) {
      const { width = 0, height = 0 } = await sharp(Buffer.from(image.inlineData!.data, 'base64')).metadata();
      expect(width).toBeLessThan(600);
      expect(width / height).toBeCloseTo(600 / 450, 1);
    }
  });
});

describe('createGeminiImageEngine: failures', () => {
  test('a 429 is retried, and the retry succeeds', async () => {
    server.respond(errorAnswer(429, 'Resource has been exhausted (e.g. check quota).'), imageAnswer('after-429'));
    const result = await engineFor().redesign(await makeRedesignInput(), { requestKey: 'k' });
    expect(server.requests).toHaveLength(2);
    expect(result.providerRequestId).toBe('after-429');
  });

  test('a 500 twice, then success', async () => {
    server.respond(errorAnswer(500, 'Internal error encountered.'), errorAnswer(500, 'Internal error encountered.'), imageAnswer('third'));
    const result = await engineFor().redesign(await makeRedesignInput(), { requestKey: 'k' });
    expect(server.requests).toHaveLength(3);
    expect(result.images).toHaveLength(1);
  });

  test('429 on every attempt: the busy message, after maxRetries + 1 requests', async () => {
    server.respond(errorAnswer(429, 'quota'), errorAnswer(429, 'quota'), errorAnswer(429, 'quota'));
    const error = await redesignFailure(engineFor({ maxRetries: 2 }));
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({ message: 'The image service is busy. Please try again in a minute.', retryable: true, status: 429 });
    expect(server.requests).toHaveLength(3);
  });

  test('a 400 is not retried: EngineError with the service reason', async () => {
    server.respond(
      errorAnswer(
        400,
        'Unable to process input image. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
      ),
    );
    const error = await redesignFailure(engineFor());
    expect(error).toBeInstanceOf(EngineError);
    // The user reads our words; the service's own reason goes to the log and the admin view.
    expect(error).toMatchObject({
      message: 'The image service refused the request. Please try different photos or words.',
      detail: 'Unable to process input image. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
      retryable: false,
      status: 400,
    });
    expect(server.requests).toHaveLength(1);
  });

  test('a bad API key (HTTP 400 INVALID_ARGUMENT, reason API_KEY_INVALID, as the Gemini API answers it) is "not available", not a refusal of the photos, and not retried', async () => {
    server.respond({
      status: 400,
      json: {
        error: {
          code: 400,
          message: 'API key not valid. Please pass a valid API key.',
          status: 'INVALID_ARGUMENT',
          details: [
            {
              '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
              reason: 'API_KEY_INVALID',
              domain: 'googleapis.com',
              metadata: { service: 'generativelanguage.googleapis.com' },
            },
            {
              '@type': 'type.googleapis.com/google.rpc.LocalizedMessage',
              locale: 'en-US',
              message: 'API key not valid. Please pass a valid API key.',
            },
          ],
        },
      },
    });
    const error = await redesignFailure(engineFor());
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({
      message: 'The image service is not available right now. Please try again later.',
      detail: 'API key not valid. Please pass a valid API key.',
      retryable: false,
      status: 400,
    });
    expect(server.requests).toHaveLength(1);
  });

  test('an error body with fields of other types is read through its schema: what is well formed still counts (the reason of a bad key)', async () => {
    server.respond({
      status: 400,
      json: {
        error: {
          code: 400,
          message: 'API key not valid. Please pass a valid API key.',
          status: 7,
          details: ['odd', { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID' }],
        },
      },
    });
    const error = await redesignFailure(engineFor());
    expect(error).toMatchObject({
      message: 'The image service is not available right now. Please try again later.',
      detail: 'API key not valid. Please pass a valid API key.',
      retryable: false,
      status: 400,
    });
  });

  test.each([
    ['an unsupported location', 'User location is not supported for the API use.'],
    [
      'billing not enabled',
      'Gemini API free tier is not available in your country. Please enable billing on your project in Google AI Studio.',
    ],
  ])(
    "a 400 FAILED_PRECONDITION for %s is the operator's set-up (a configuration error, like a bad key), not a refusal of the photos, and not retried",
    async (_what, message) => {
      server.respond({ status: 400, json: { error: { code: 400, message, status: 'FAILED_PRECONDITION' } } });
      const error = await redesignFailure(engineFor());
      expect(error).toBeInstanceOf(EngineError);
      expect(error).toMatchObject({
        message: 'The image service is not available right now. Please try again later.',
        detail: message,
        retryable: false,
        status: 400,
        kind: 'configuration',
      });
      expect(server.requests).toHaveLength(1);
    },
  );

  test('Retry-After is respected: the retry waits at least as long as asked', async () => {
    server.respond(errorAnswer(429, 'slow down', { 'retry-after': '1' }), imageAnswer('waited'));
    const started = Date.now();
    await engineFor().redesign(await makeRedesignInput(), { requestKey: 'k' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(server.requests).toHaveLength(2);
  });

  test("Gemini's RetryInfo retryDelay is respected too", async () => {
    const quota = {
      status: 429,
      json: {
        error: {
          code: 429,
          message: 'quota',
          status: 'RESOURCE_EXHAUSTED',
          details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '0.4s' }],
        },
      },
    };
    server.respond(quota, imageAnswer('waited'));
    const started = Date.now();
    await engineFor().redesign(await makeRedesignInput(), { requestKey: 'k' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(380);
  });

  test('a Retry-After longer than the longest wait ends the retries with the busy message', async () => {
    server.respond(errorAnswer(429, 'quota', { 'retry-after': '120' }), imageAnswer('never'));
    const error = await redesignFailure(engineFor({ maxRetryDelayMs: 10_000 }));
    expect(error).toMatchObject({ message: 'The image service is busy. Please try again in a minute.' });
    expect(server.requests).toHaveLength(1);
  });

  test('a hang past the time-out: retried, then "did not answer in time"', async () => {
    await expectHangsCutAtTimeOut(server, engineFor({ timeoutMs: 150, maxRetries: 1 }));
  });

  test('an answer with words but no image is a refusal, its words kept as the detail', async () => {
    server.respond({
      json: { candidates: [{ content: { role: 'model', parts: [{ text: 'I cannot edit images of people.' }] }, finishReason: 'STOP' }] },
    });
    const error = await redesignFailure(engineFor());
    expect(error).toMatchObject({
      message: 'The image service refused the request. Please try different photos or words.',
      detail: 'I cannot edit images of people.',
      retryable: false,
    });
  });

  test.each(['NO_IMAGE', 'IMAGE_OTHER'])(
    'a candidate finishing %s with nothing said: an answer without an image, asked once by the engine (the design allows one more attempt, ADR 034)',
    async (reason) => {
      server.respond({ json: { candidates: [{ content: { role: 'model', parts: [] }, finishReason: reason }] } }, imageAnswer('never'));
      const error = await redesignFailure(engineFor());
      expect(error).toMatchObject({
        message: 'The image service returned no image. Please try again.',
        detail: `finished ${reason} without an image`,
        kind: 'no-image',
      });
      expect(server.requests).toHaveLength(1);
    },
  );

  test('two variations, one blocked: the delivered one is kept (it is paid for), the block said in `declined`', async () => {
    const blocked = { json: { candidates: [{ content: { role: 'model', parts: [] }, finishReason: 'IMAGE_SAFETY' }] } };
    server.respond(imageAnswer('kept'), blocked);
    const result = await engineFor().redesign(await makeRedesignInput({ width: 600, height: 450 }, 2), { requestKey: 'k' });
    expect(server.requests).toHaveLength(2);
    expect(result.images).toHaveLength(1);
    expect(result.providerRequestId).toBe('kept');
    expect(result.declined).toEqual([expect.objectContaining({ detail: 'blocked (IMAGE_SAFETY)', retryable: false })]);
  });

  test('two variations, both blocked: the safety block, as for one request', async () => {
    const blocked = { json: { candidates: [{ content: { role: 'model', parts: [] }, finishReason: 'IMAGE_SAFETY' }] } };
    server.respond(blocked, blocked);
    const error = await engineFor()
      .redesign(await makeRedesignInput({ width: 600, height: 450 }, 2), { requestKey: 'k' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      message: 'The image service declined this request for safety reasons. Please try a different photo or description.',
      retryable: false,
    });
    expect(server.requests).toHaveLength(2);
  });

  test('two variations, one blocked and one busy after every retry: the block is said (a retry of the design could not mend it)', async () => {
    const blocked = { json: { candidates: [{ content: { role: 'model', parts: [] }, finishReason: 'IMAGE_SAFETY' }] } };
    server.respond(blocked, errorAnswer(429, 'quota'), errorAnswer(429, 'quota'));
    const error = await engineFor({ maxRetries: 1 })
      .redesign(await makeRedesignInput({ width: 600, height: 450 }, 2), { requestKey: 'k' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ retryable: false, detail: 'blocked (IMAGE_SAFETY)' });
  });

  test('a blocked prompt is a safety block naming the block in the detail', async () => {
    server.respond({ json: { promptFeedback: { blockReason: 'PROHIBITED_CONTENT' } } });
    const error = await redesignFailure(engineFor());
    expect(error).toMatchObject({
      message: 'The image service declined this request for safety reasons. Please try a different photo or description.',
      detail: 'blocked (PROHIBITED_CONTENT)',
      retryable: false,
    });
  });

  test("the caller's abort stops the call at once and is not retried", async () => {
    server.respond({ hang: true }, imageAnswer('never'));
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('job cancelled')), 100);
    const error = await engineFor({ timeoutMs: 5_000 })
      .redesign(await makeRedesignInput(), { requestKey: 'k', signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toEqual(new Error('job cancelled'));
    expect(server.requests).toHaveLength(1);
  });
});
