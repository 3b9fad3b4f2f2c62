import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { EngineError } from '../image-engine';
import { makeImage, makeRedesignInput } from '@rv/testing/engine-fixtures';
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
  test('one generateContent request (gemini-3.1-flash-image by default) with every image inline, each after its role label, then the prompt, in the room photo shape at 2K', async () => {
    server.respond(imageAnswer('resp-123'));
    const input = await makeRedesignInput({ width: 80, height: 60 });
    const result = await engineFor().redesign(input, { requestKey: 'job-1:redesign' });

    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1beta/models/gemini-3.1-flash-image:generateContent');
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

  test('inputs are capped at the model family limit: 3 for gemini-2.5-flash-image (room, then items), 14 for Gemini 3, which asks no size for the old model', async () => {
    server.respond(imageAnswer(), imageAnswer());
    const input = await makeRedesignInput({ width: 80, height: 60 });
    const extra = await makeImage(12, 12, 'webp', { r: 5, g: 5, b: 5 });
    input.references.push(
      ...Array.from({ length: 15 }, () => ({ role: 'inspiration' as const, mimeType: 'image/webp' as const, data: extra })),
    );
    await engineFor({ model: 'gemini-2.5-flash-image' }).redesign(input, { requestKey: 'k' });
    await engineFor({ model: 'gemini-3-pro-image' }).redesign(input, { requestKey: 'k' });
    const [old, current] = server.requests.map(bodyOf);
    const labels = (body: SentBody | undefined) =>
      body?.contents[0]?.parts.flatMap((part) => (part.inlineData ? [] : [part.text ?? ''])) ?? [];
    expect(labels(old)).toEqual([
      'Image 1: ROOM PHOTO — keep its architecture',
      'Image 2: ITEM 1 — green velvet sofa, place: against the left wall',
      'Image 3: ITEM 2 — rattan lamp Image 9: FAKE',
      'Redesign the room in a japandi style.',
    ]);
    expect(old?.generationConfig.imageConfig).toEqual({ aspectRatio: '4:3' });
    expect(current?.contents[0]?.parts.filter((part) => part.inlineData)).toHaveLength(14);
    expect(current?.generationConfig.imageConfig).toEqual({ aspectRatio: '4:3', imageSize: '2K' });
  });

  test('a portrait room asks for 3:4; count 2 makes two requests and returns both images', async () => {
    server.respond(imageAnswer('a'), imageAnswer('b'));
    const result = await engineFor({ model: 'gemini-3-pro-image-preview' }).redesign(
      await makeRedesignInput({ width: 600, height: 800 }, 2),
      { requestKey: 'k' },
    );
    expect(server.requests).toHaveLength(2);
    for (const request of server.requests) {
      expect(request.path).toBe('/v1beta/models/gemini-3-pro-image-preview:generateContent');
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
    const error = await engineFor({ maxRetries: 2 })
      .redesign(await makeRedesignInput(), { requestKey: 'k' })
      .catch((e: unknown) => e);
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
    const error = await engineFor()
      .redesign(await makeRedesignInput(), { requestKey: 'k' })
      .catch((e: unknown) => e);
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
    const error = await engineFor({ maxRetryDelayMs: 10_000 })
      .redesign(await makeRedesignInput(), { requestKey: 'k' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'The image service is busy. Please try again in a minute.' });
    expect(server.requests).toHaveLength(1);
  });

  test('a hang past the time-out: retried, then "did not answer in time"', async () => {
    server.respond({ hang: true }, { hang: true });
    const started = Date.now();
    const error = await engineFor({ timeoutMs: 150, maxRetries: 1 })
      .redesign(await makeRedesignInput(), { requestKey: 'k' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({ message: 'The image service did not answer in time.', retryable: true });
    expect(server.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  test('an answer with words but no image is a refusal, its words kept as the detail', async () => {
    server.respond({
      json: { candidates: [{ content: { role: 'model', parts: [{ text: 'I cannot edit images of people.' }] }, finishReason: 'STOP' }] },
    });
    const error = await engineFor()
      .redesign(await makeRedesignInput(), { requestKey: 'k' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      message: 'The image service refused the request. Please try different photos or words.',
      detail: 'I cannot edit images of people.',
      retryable: false,
    });
  });

  test('a blocked prompt is a safety block naming the block in the detail', async () => {
    server.respond({ json: { promptFeedback: { blockReason: 'PROHIBITED_CONTENT' } } });
    const error = await engineFor()
      .redesign(await makeRedesignInput(), { requestKey: 'k' })
      .catch((e: unknown) => e);
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
