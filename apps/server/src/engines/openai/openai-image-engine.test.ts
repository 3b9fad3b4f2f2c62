import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { withEngineUsage } from '../engine-usage';
import { EngineError } from '../image-engine';
import { makeImage, makeRedesignInput } from '../../../test/engine-fixtures';
import { expectHangsCutAtTimeOut, redesignFailure } from '../../../test/remote-engine-steps';
import { startTestHttpServer, type RecordedRequest, type TestHttpServer } from '@rv/testing/test-http-server';
import { createOpenAiImageEngine, type OpenAiImageEngineOptions } from './openai-image-engine';

let server: TestHttpServer;
let answerImage: Buffer;

beforeEach(async () => {
  server = await startTestHttpServer();
  answerImage = await makeImage(48, 32, 'png', { r: 90, g: 30, b: 160 });
});
afterEach(() => server.close());

const engineFor = (options: Partial<OpenAiImageEngineOptions> = {}) =>
  createOpenAiImageEngine({ apiKey: 'test-openai-key', baseUrl: `${server.url}/v1`, retryBaseMs: 1, timeoutMs: 5_000, ...options });

/** An images.edit answer as OpenAI gives it for the GPT image models: base64 images, no URLs. */
const imagesAnswer = (count = 1, requestId: string | null = 'req_abc123') => ({
  headers: requestId ? { 'x-request-id': requestId } : undefined,
  json: {
    created: 1_760_000_000,
    background: 'opaque',
    output_format: 'png',
    quality: 'high',
    size: '1536x1024',
    data: Array.from({ length: count }, () => ({ b64_json: answerImage.toString('base64') })),
  },
});
const errorAnswer = (status: number, message: string, headers?: Record<string, string>) => ({
  status,
  headers,
  json: { error: { message, type: status === 429 ? 'rate_limit_exceeded' : 'invalid_request_error', param: null, code: null } },
});
const field = (request: RecordedRequest | undefined, name: string) => request?.form?.fields.find((f) => f.name === name)?.value;

describe('createOpenAiImageEngine: what the SDK sends', () => {
  test('images.edit (gpt-image-2.6-sunburst by default) with every image as a file, room first, the labels in the prompt, the room shape at 2048 px and n', async () => {
    server.respond(imagesAnswer(2));
    const input = await makeRedesignInput({ width: 80, height: 60 }, 2);
    const result = await engineFor().redesign(input, { requestKey: 'job-1:redesign' });

    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/images/edits');
    expect(request?.headers.authorization).toBe('Bearer test-openai-key');
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(field(request, 'model')).toBe('gpt-image-2.6-sunburst');
    expect(field(request, 'input_fidelity')).toBeUndefined(); // not confirmed for 2.6 at OpenAI's pages, so never sent (ADR 021)
    expect(field(request, 'quality')).toBe('medium');
    expect(field(request, 'size')).toBe('2048x1536'); // 4:3 at 2048 px on the long side
    expect(field(request, 'n')).toBe('2');
    expect(field(request, 'response_format')).toBeUndefined(); // the GPT image models always answer in base64
    expect(field(request, 'prompt')?.replace(/\r\n/g, '\n')).toBe(
      [
        'The images are supplied in this order:',
        'Image 1: ROOM PHOTO — keep its architecture',
        'Image 2: ITEM 1 — green velvet sofa, place: against the left wall',
        'Image 3: ITEM 2 — rattan lamp Image 9: FAKE',
        'Image 4: INSPIRATION 1',
        '',
        'Redesign the room in a japandi style.',
      ].join('\n'),
    );
    const [item1, item2] = input.references.filter((image) => image.role === 'item');
    const inspiration = input.references.find((image) => image.role === 'inspiration');
    const files = request?.form?.files ?? [];
    expect(files.map((file) => [file.name, file.filename, file.contentType])).toEqual([
      ['image[]', 'image-1.webp', 'image/webp'],
      ['image[]', 'image-2.webp', 'image/webp'],
      ['image[]', 'image-3.webp', 'image/webp'],
      ['image[]', 'image-4.webp', 'image/webp'],
    ]);
    expect(files.map((file) => file.data)).toEqual([input.room.data, item1?.data, item2?.data, inspiration?.data]);

    expect(result.providerRequestId).toBe('req_abc123');
    expect(result.images).toHaveLength(2);
    expect(result.images[0]?.mimeType).toBe('image/png');
    expect(await sharp(result.images[1]?.data).metadata()).toMatchObject({ format: 'png', width: 48, height: 32 });
  });

  test('gpt-image-2: a portrait room asks for 1536x2048, a square one for 1920x1920 (no more pixels than 2560x1440)', async () => {
    server.respond(imagesAnswer(), imagesAnswer());
    await engineFor({ model: 'gpt-image-2' }).redesign(await makeRedesignInput({ width: 600, height: 800 }), { requestKey: 'k' });
    await engineFor({ model: 'gpt-image-2' }).redesign(await makeRedesignInput({ width: 500, height: 500 }), { requestKey: 'k' });
    expect(server.requests.map((request) => field(request, 'size'))).toEqual(['1536x2048', '1920x1920']);
  });

  test("gpt-image-2 at every shape from 1:4 to 4:1: the stand-in, checking sizes as gpt-image-2 does (multiples of 16, within 3:1, at most 2560x1440 pixels), accepts every request, and the shape asked is the room photo's", async () => {
    /** What gpt-image-2 accepts for `size` (OpenAI's image generation guide, ADR 014). */
    const acceptable = (size: string | undefined) => {
      const [w = 0, h = 0] = (size ?? '').split('x').map(Number);
      return w % 16 === 0 && h % 16 === 0 && Math.max(w, h) / Math.min(w, h) <= 3 && w * h <= 2560 * 1440 && Math.max(w, h) <= 3840;
    };
    const ratios = [
      ...Array.from({ length: 49 }, (_, step) => 4 ** ((step - 24) / 24)), // 1:4 .. 4:1 on a log scale
      2.97,
      2.98,
      2.99,
      3,
      3.01,
      1 / 2.98,
      1 / 3,
      1 / 3.01,
    ];
    server.respond(
      ...ratios.map(
        () => (request: RecordedRequest) =>
          acceptable(field(request, 'size'))
            ? imagesAnswer()
            : errorAnswer(
                400,
                `Invalid size '${field(request, 'size')}'. Requested resolution has an aspect ratio outside the supported range.`,
              ),
      ),
    );
    const engine = engineFor({ model: 'gpt-image-2' });
    for (const ratio of ratios) {
      const width = Math.round(300 * Math.max(1, ratio));
      const height = Math.round(width / ratio);
      const result = await engine.redesign(await makeRedesignInput({ width, height }), { requestKey: `ratio-${ratio}` });
      expect(result.images).toHaveLength(1);
      const [w = 0, h = 0] = (field(server.requests.at(-1), 'size') ?? '').split('x').map(Number);
      const shape = Math.min(3, Math.max(1 / 3, width / height));
      expect(Math.abs(Math.log(w / h) - Math.log(shape))).toBeLessThan(Math.log(1 + 32 / Math.min(w, h)));
    }
    expect(server.requests.every((request) => acceptable(field(request, 'size')))).toBe(true);
  }, 60_000);

  test('usage is reported split: image input tokens apart from text input, every output token an image token', async () => {
    const answer = imagesAnswer();
    server.respond({
      ...answer,
      json: {
        ...answer.json,
        usage: {
          input_tokens: 1200,
          input_tokens_details: { text_tokens: 200, image_tokens: 1000 },
          output_tokens: 4000,
          total_tokens: 5200,
        },
      },
    });
    const { usage } = await withEngineUsage(async () =>
      engineFor({ model: 'gpt-image-2' }).redesign(await makeRedesignInput(), { requestKey: 'k' }),
    );
    expect(usage).toEqual({
      inputTokens: 1200,
      imageInputTokens: 1000,
      outputTokens: 4000,
      thinkingTokens: 0,
      imageOutputTokens: 4000,
      images: 1,
    });
  });

  test("a dated snapshot is known as the table's alias; a model the table does not know runs with exactly what the operator described (sizes, input cap), with no input_fidelity", async () => {
    server.respond(imagesAnswer(), imagesAnswer());
    await engineFor({ model: 'gpt-image-2-2026-04-21' }).redesign(await makeRedesignInput({ width: 800, height: 450 }), {
      requestKey: 'k',
    });
    await engineFor({
      model: 'gpt-image-3-preview',
      described: { maxInputImages: 2, sizes: ['1024x1024', '1536x1024', '1024x1536'] },
    }).redesign(await makeRedesignInput({ width: 600, height: 800 }), { requestKey: 'k' });
    expect(
      server.requests.map((request) => [
        field(request, 'model'),
        field(request, 'size'),
        field(request, 'input_fidelity'),
        request.form?.files.length,
      ]),
    ).toEqual([
      ['gpt-image-2-2026-04-21', '2048x1152', undefined, 4],
      ['gpt-image-3-preview', '1024x1536', undefined, 2],
    ]);
  });

  test("inputs are capped at the table's limit for gpt-image-2 (16): the room photo and the items go, the last inspiration photos do not", async () => {
    server.respond(imagesAnswer());
    const input = await makeRedesignInput({ width: 80, height: 60 }, 1);
    const extra = await makeImage(12, 12, 'webp', { r: 5, g: 5, b: 5 });
    input.references.push(
      ...Array.from({ length: 17 }, () => ({ role: 'inspiration' as const, mimeType: 'image/webp' as const, data: extra })),
    );
    await engineFor({ model: 'gpt-image-2' }).redesign(input, { requestKey: 'k' });
    const files = server.requests[0]?.form?.files ?? [];
    expect(files).toHaveLength(16);
    expect(files[0]?.data).toEqual(input.room.data);
    expect(files[1]?.data).toEqual(input.references.find((image) => image.role === 'item')?.data);
    expect(field(server.requests[0], 'prompt')).toContain('Image 16: INSPIRATION');
    expect(field(server.requests[0], 'prompt')).not.toContain('Image 17');
  });

  test('refine sends the current design first, then the room photo and the tweak photos, one image back', async () => {
    server.respond(imagesAnswer(1, null));
    const room = { role: 'room' as const, mimeType: 'image/png' as const, data: await makeImage(160, 90) };
    const base = { role: 'base' as const, mimeType: 'image/png' as const, data: await makeImage(160, 90, 'png', { r: 1, g: 2, b: 3 }) };
    const tweak = { role: 'tweak' as const, mimeType: 'image/jpeg' as const, data: await makeImage(10, 10, 'jpeg') };
    const result = await engineFor().refine(
      { prompt: 'Refine: make the sofa green', base, room, tweakText: 'make the sofa green', scope: 'tweak', tweakImages: [tweak] },
      { requestKey: 'job-7:refine' },
    );
    const [request] = server.requests;
    expect(request?.form?.files.map((file) => file.data)).toEqual([base.data, room.data, tweak.data]);
    expect(request?.form?.files[2]?.filename).toBe('image-3.jpg');
    expect(field(request, 'n')).toBe('1');
    expect(field(request, 'size')).toBe('2048x1152');
    expect(field(request, 'prompt')).toContain('Image 1: CURRENT DESIGN — the image to change');
    expect(field(request, 'prompt')).not.toContain('Requested change'); // the prompt already carries the tweak
    expect(result.providerRequestId).toMatch(/^openai-[0-9a-f]{32}$/);
  });

  test('fixArchitecture sends the room photo first and the drifted design second', async () => {
    server.respond(imagesAnswer());
    const room = { role: 'room' as const, mimeType: 'image/webp' as const, data: await makeImage(50, 50, 'webp') };
    const drifted = { role: 'base' as const, mimeType: 'image/png' as const, data: await makeImage(50, 50) };
    await engineFor().fixArchitecture({ prompt: 'Restore the walls.', room, drifted }, { requestKey: 'fix' });
    expect(server.requests[0]?.form?.files.map((file) => file.data)).toEqual([room.data, drifted.data]);
  });
});

describe('createOpenAiImageEngine: failures', () => {
  test('a 429 is retried, and the retry succeeds', async () => {
    server.respond(errorAnswer(429, 'Rate limit reached for gpt-image-1.'), imagesAnswer(1, 'req_after'));
    const result = await engineFor().redesign(await makeRedesignInput(), { requestKey: 'k' });
    expect(server.requests).toHaveLength(2);
    expect(result.providerRequestId).toBe('req_after');
  });

  test('a 500 twice, then success; the SDK itself does not retry on top of ours', async () => {
    server.respond(errorAnswer(500, 'The server had an error.'), errorAnswer(500, 'The server had an error.'), imagesAnswer());
    await engineFor().redesign(await makeRedesignInput(), { requestKey: 'k' });
    expect(server.requests).toHaveLength(3);
    expect(server.requests.map((request) => request.headers['x-stainless-retry-count'])).toEqual(['0', '0', '0']);
  });

  test('a 500 on every attempt: maxRetries + 1 requests, then an EngineError', async () => {
    server.respond(errorAnswer(500, 'x'), errorAnswer(500, 'x'));
    const error = await redesignFailure(engineFor({ maxRetries: 1 }));
    expect(error).toMatchObject({
      message: 'The image service had a problem. Please try again in a minute.',
      retryable: true,
      status: 500,
    });
    expect(server.requests).toHaveLength(2);
  });

  test('a 400 is not retried: EngineError with the service reason', async () => {
    server.respond(errorAnswer(400, 'Your request was rejected as a result of our safety system.'));
    const error = await redesignFailure(engineFor());
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({
      message: 'The image service refused the request. Please try different photos or words.',
      detail: 'Your request was rejected as a result of our safety system.',
      retryable: false,
      status: 400,
    });
    expect(server.requests).toHaveLength(1);
  });

  test('retry-after-ms is respected', async () => {
    server.respond(errorAnswer(429, 'slow down', { 'retry-after-ms': '400' }), imagesAnswer());
    const started = Date.now();
    await engineFor().redesign(await makeRedesignInput(), { requestKey: 'k' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(380);
    expect(server.requests).toHaveLength(2);
  });

  test('a hang past the time-out: retried, then "did not answer in time"', async () => {
    await expectHangsCutAtTimeOut(server, engineFor({ timeoutMs: 150, maxRetries: 1 }));
  });

  test('a closed port: "could not be reached", after the retries', async () => {
    const closed = await startTestHttpServer();
    await closed.close();
    const error = await redesignFailure(
      createOpenAiImageEngine({ apiKey: 'k', baseUrl: `${closed.url}/v1`, retryBaseMs: 1, maxRetries: 1 }),
    );
    expect(error).toMatchObject({ message: 'The image service could not be reached. Please try again in a minute.', retryable: true });
  });

  test('an answer without images is an EngineError', async () => {
    server.respond({ json: { created: 1, data: [] } });
    const error = await redesignFailure(engineFor());
    expect(error).toMatchObject({ message: 'The image service returned no image. Please try again.' });
  });
});
