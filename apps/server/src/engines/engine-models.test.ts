import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../config/env';
import { createEngines } from './create-engines';
import { makeImage, makeRedesignInput } from '../../test/engine-fixtures';
import { startTestHttpServer, type TestHttpServer } from '@rv/testing/test-http-server';
import { BUILD_MS, buildServerOnce, compiled, serverDir } from '../../test/compiled-entry';

beforeAll(buildServerOnce, BUILD_MS);
const production = () => ({
  NODE_ENV: 'production',
  AUTH_SECRET: 'x'.repeat(40),
  PUBLIC_URL: 'https://rooms.example',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rv-models-')),
  IMAGE_ENGINE: 'gemini',
  GEMINI_API_KEY: 'test-gemini-key',
  // The models' rules alone: payments, mail and the vision engine stay the demo's (ADR 036).
  ALLOW_DEMO_PROVIDERS: 'true',
});

describe('a model the tables do not know, in production', () => {
  test('the server refuses to start, naming the settings that describe it', () => {
    const result = spawnSync(process.execPath, compiled('src/cli/main.ts'), {
      cwd: serverDir,
      env: { PATH: process.env.PATH, ...production(), GEMINI_IMAGE_MODEL: 'gemini-nano-banana-3' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'Invalid configuration: GEMINI_IMAGE_MODEL gemini-nano-banana-3 is not in the table of Gemini models this server knows (engines/gemini/gemini-models.ts): describe it with GEMINI_MAX_INPUT_IMAGES (input images one request may carry), GEMINI_OUTPUT_SIZE (1K, 2K, 4K) and its prices in ENGINE_PRICES',
    );
    expect(result.stderr).toContain('or choose one it knows: gemini-nano-banana-2.1, gemini-3-pro-image');
  });

  test.each([
    [{ GEMINI_MAX_INPUT_IMAGES: '5', GEMINI_OUTPUT_SIZE: '4K' }, 'GEMINI_IMAGE_MODEL'],
    [{ GEMINI_OUTPUT_SIZE: '4K', ENGINE_PRICES: '{"gemini-nano-banana-3":{"inputPerMillionTokens":1}}' }, 'GEMINI_IMAGE_MODEL'],
    [{ VISION_ENGINE: 'openai', OPENAI_API_KEY: 'k', OPENAI_TEXT_MODEL: 'gpt-6-luna' }, 'OPENAI_TEXT_MODEL'],
  ])('half a description is still refused (%o)', (extra, variable) => {
    const env = { ...production(), GEMINI_IMAGE_MODEL: 'gemini-nano-banana-3', ...extra };
    if (variable === 'OPENAI_TEXT_MODEL') delete (env as Record<string, string>).GEMINI_IMAGE_MODEL;
    const error = (() => {
      try {
        createEngines(loadConfig(env));
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variables).toContain(variable);
  });

  test('outside production it starts (the engine check says it is undescribed); a known model, or a deprecated one, starts in production', () => {
    expect(() =>
      createEngines(loadConfig({ ...production(), NODE_ENV: 'development', GEMINI_IMAGE_MODEL: 'gemini-nano-banana-3' })),
    ).not.toThrow();
    expect(() => createEngines(loadConfig({ ...production(), GEMINI_IMAGE_MODEL: 'gemini-3.1-flash-image' }))).not.toThrow();
    expect(() => createEngines(loadConfig(production()))).not.toThrow();
  });
});

test.each([
  [{ GEMINI_OUTPUT_SIZE: '8K' }, 'GEMINI_OUTPUT_SIZE'],
  [{ GEMINI_MAX_INPUT_IMAGES: '0' }, 'GEMINI_MAX_INPUT_IMAGES'],
  [{ OPENAI_OUTPUT_SIZE: '1024 by 1024' }, 'OPENAI_OUTPUT_SIZE'],
  [{ OPENAI_MAX_INPUT_IMAGES: 'many' }, 'OPENAI_MAX_INPUT_IMAGES'],
  [{ ENGINE_PRICES: '{"m":{"thinkingPerMillionTokens":-1}}' }, 'ENGINE_PRICES'],
])('a bad describing setting stops the process naming it (%o)', (extra, variable) => {
  expect(() => loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rv-models-')), ...extra })).toThrow(
    expect.objectContaining({ variables: [variable] }),
  );
});

test('the describing settings as parsed: sizes as a list or free, the split prices', () => {
  const dir = () => mkdtempSync(path.join(tmpdir(), 'rv-models-'));
  expect(loadConfig({ DATA_DIR: dir(), OPENAI_OUTPUT_SIZE: '1024x1024,1536x1024' }).OPENAI_OUTPUT_SIZE).toEqual(['1024x1024', '1536x1024']);
  expect(loadConfig({ DATA_DIR: dir(), OPENAI_OUTPUT_SIZE: 'free' }).OPENAI_OUTPUT_SIZE).toBe('free');
  expect(
    loadConfig({
      DATA_DIR: dir(),
      ENGINE_PRICES:
        '{"m":{"inputPerMillionTokens":1,"imageInputPerMillionTokens":2,"thinkingPerMillionTokens":3,"imageOutputPerMillionTokens":4}}',
    }).ENGINE_PRICES,
  ).toEqual({
    m: { inputPerMillionTokens: 1, imageInputPerMillionTokens: 2, thinkingPerMillionTokens: 3, imageOutputPerMillionTokens: 4 },
  });
});

describe('a model described by the operator', () => {
  let server: TestHttpServer;
  beforeEach(async () => {
    server = await startTestHttpServer();
  });
  afterEach(() => server.close());

  test('starts in production and runs with exactly the described limits: 5 input images, 4K, its own prices', async () => {
    const config = loadConfig({
      ...production(),
      GEMINI_IMAGE_MODEL: 'gemini-nano-banana-3',
      GEMINI_MAX_INPUT_IMAGES: '5',
      GEMINI_OUTPUT_SIZE: '4K',
      ENGINE_PRICES: '{"gemini-nano-banana-3":{"inputPerMillionTokens":2,"outputPerMillionTokens":10,"imageOutputPerMillionTokens":40}}',
    });
    const answer = await makeImage(64, 48);
    server.respond({
      json: {
        candidates: [
          {
            content: { role: 'model', parts: [{ inlineData: { mimeType: 'image/png', data: answer.toString('base64') } }] },
            finishReason: 'STOP',
          },
        ],
      },
    });
    const { imageEngine } = createEngines(config, { baseUrl: server.url, maxRetries: 0 });
    const input = await makeRedesignInput({ width: 80, height: 60 });
    const extra = await makeImage(12, 12, 'webp');
    input.references.push(
      ...Array.from({ length: 6 }, () => ({ role: 'inspiration' as const, mimeType: 'image/webp' as const, data: extra })),
    );
    await imageEngine.redesign(input, { requestKey: 'described' });

    const [request] = server.requests;
    expect(request?.path).toBe('/v1beta/models/gemini-nano-banana-3:generateContent');
    const body = request?.json as { contents: { parts: { inlineData?: unknown }[] }[]; generationConfig: { imageConfig: unknown } };
    expect(body.contents[0]?.parts.filter((part) => part.inlineData)).toHaveLength(5);
    expect(body.generationConfig.imageConfig).toEqual({ aspectRatio: '4:3', imageSize: '4K' });
  });
});
