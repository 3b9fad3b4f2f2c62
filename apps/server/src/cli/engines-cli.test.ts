import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeAll, beforeEach, expect, test } from 'vitest';
import { geminiListed, modelListRoute, openAiListed } from '@rv/testing/model-list-answers';
import { makeImage } from '../../test/engine-fixtures';
import { startTestHttpServer, type RecordedRequest, type TestHttpServer } from '@rv/testing/test-http-server';
import { BUILD_MS, buildServerOnce, compiled, serverDir } from '../../test/compiled-entry';

const run = promisify(execFile);
beforeAll(buildServerOnce, BUILD_MS);

let server: TestHttpServer;
let dataDir: string;
beforeEach(async () => {
  server = await startTestHttpServer();
  dataDir = mkdtempSync(path.join(tmpdir(), 'rv-engines-check-'));
});
afterEach(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const check = (env: Record<string, string>) =>
  run(process.execPath, [...compiled('src/cli/engines-cli.ts'), 'check'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
  }).then(
    (done) => ({ code: 0, stdout: done.stdout }),
    (failed: { code: number; stdout: string }) => ({ code: failed.code, stdout: failed.stdout }),
  );

const openAiModels = [
  openAiListed('gpt-image-2.6-sunburst'),
  openAiListed('gpt-image-2'),
  openAiListed('gpt-image-2-2026-04-21'),
  openAiListed('gpt-image-1.5', '2026-12-01'),
  openAiListed('gpt-5.4-mini'),
  openAiListed('gpt-6-luna'),
  openAiListed('whisper-1'),
  openAiListed('text-embedding-3-large'),
];
const geminiModels = [
  geminiListed('gemini-nano-banana-2.1'),
  geminiListed('gemini-3.1-flash-image', 'Deprecated. Migrate to gemini-nano-banana-2.1.'),
  geminiListed('gemini-3-pro-image'),
  geminiListed('gemini-3.8-flash'),
  geminiListed('gemini-3.6-flash'),
  geminiListed('gemini-embedding-2', '', ['embedContent']),
];

test('`npm run engines -- check` against the stand-in: a model the service does not list is refused with its answer and the listed models of the same kind, and its real call is never made', async () => {
  const image = await makeImage(1536, 1152);
  server.respond(
    ...Array.from(
      { length: 6 },
      () => (request: RecordedRequest) =>
        modelListRoute(request, { openai: openAiModels }) ??
        (request.path.endsWith('/images/edits')
          ? { json: { created: 1, output_format: 'png', data: [{ b64_json: image.toString('base64') }] } }
          : { status: 500, json: { error: { message: 'the stand-in was not asked this' } } }),
    ),
  );
  const result = await check({
    IMAGE_ENGINE: 'openai',
    VISION_ENGINE: 'openai',
    OPENAI_API_KEY: 'test-openai-key',
    OPENAI_BASE_URL: `${server.url}/v1`,
    OPENAI_TEXT_MODEL: 'gpt-9-unknown',
  });
  const lines = result.stdout.trim().split('\n');
  expect(lines[0]).toMatch(
    /^image {2}openai gpt-image-2\.6-sunburst \(http:\/\/127\.0\.0\.1:\d+\/v1\): answered in \d+ ms, image 1536x1152$/,
  );
  expect(lines[1]).toMatch(
    /^vision openai gpt-9-unknown \(http:\/\/127\.0\.0\.1:\d+\/v1\): REFUSED after \d+ ms: not in the service's list of models; asked for it by name, it answered: The model `gpt-9-unknown` does not exist or you do not have access to it\. \(HTTP 404\)$/,
  );
  // Same kind only (text), current before going, no audio or embedding models.
  expect(lines[2]).toBe('       text models it lists instead: gpt-5.4-mini, gpt-6-luna');
  expect(lines).toHaveLength(3);
  expect(result.code).toBe(1);
  // One list for both engines; the smallest real call for the listed model only.
  expect(server.requests.filter((request) => request.path === '/v1/models')).toHaveLength(1);
  const edit = server.requests.find((request) => request.path === '/v1/images/edits');
  expect(edit?.form?.fields.find((field) => field.name === 'n')?.value).toBe('1');
  expect(server.requests.filter((request) => request.path === '/v1/chat/completions')).toHaveLength(0);
}, 60_000);

test("`npm run engines -- check`: a listed model the provider deprecated answers, with a warning and its date (our table for Gemini, the list's shutdown_date for OpenAI)", async () => {
  const image = await makeImage(64, 48);
  server.respond(
    ...Array.from(
      { length: 2 },
      () => (request: RecordedRequest) =>
        modelListRoute(request, { gemini: geminiModels }) ?? {
          json: {
            candidates: [
              {
                content: { role: 'model', parts: [{ inlineData: { mimeType: 'image/png', data: image.toString('base64') } }] },
                finishReason: 'STOP',
              },
            ],
          },
        },
    ),
  );
  const gemini = await check({
    IMAGE_ENGINE: 'gemini',
    GEMINI_API_KEY: 'test-gemini-key',
    GOOGLE_GEMINI_BASE_URL: server.url,
    GEMINI_IMAGE_MODEL: 'gemini-3.1-flash-image',
  });
  expect(gemini.stdout.trim().split('\n').slice(0, 2)).toEqual([
    expect.stringMatching(/^image {2}gemini gemini-3\.1-flash-image \(Gemini API\): answered in \d+ ms, image 64x48$/),
    '       WARNING: gemini-3.1-flash-image is deprecated since 2026-10-06, no shutdown date announced by the provider; the provider names gemini-nano-banana-2.1 instead (https://ai.google.dev/gemini-api/docs/changelog)',
  ]);
  expect(gemini.code).toBe(0);
  expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
    'GET /v1beta/models',
    'POST /v1beta/models/gemini-3.1-flash-image:generateContent',
  ]);

  server.respond(
    ...Array.from({ length: 2 }, () => (request: RecordedRequest) => modelListRoute(request, { openai: openAiModels }) ?? { status: 500 }),
  );
  const openai = await check({
    IMAGE_ENGINE: 'openai',
    OPENAI_API_KEY: 'test-openai-key',
    OPENAI_BASE_URL: `${server.url}/v1`,
    OPENAI_IMAGE_MODEL: 'gpt-image-1.5',
    OPENAI_MAX_INPUT_IMAGES: '16',
    OPENAI_OUTPUT_SIZE: '1024x1024,1536x1024,1024x1536',
    ENGINE_PRICES: '{"gpt-image-1.5":{"inputPerMillionTokens":5,"outputPerMillionTokens":10,"imageOutputPerMillionTokens":32}}',
  });
  expect(openai.stdout).toContain("       WARNING: gpt-image-1.5 shuts down on 2026-12-01 (the service's list of models)");
}, 60_000);

test("`npm run engines -- check`: a list the service will not give (a bad Gemini key) stops the check with the service's words", async () => {
  server.respond({
    status: 400,
    json: {
      error: {
        code: 400,
        message: 'API key not valid. Please pass a valid API key.',
        status: 'INVALID_ARGUMENT',
        details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' }],
      },
    },
  });
  const result = await check({ IMAGE_ENGINE: 'gemini', GEMINI_API_KEY: 'bad-key', GOOGLE_GEMINI_BASE_URL: server.url });
  expect(result.stdout.trim().split('\n')[0]).toMatch(
    /^image {2}gemini gemini-nano-banana-2\.1 \(Gemini API\): FAILED after \d+ ms: its list of models could not be read: API key not valid\. Please pass a valid API key\. \(HTTP 400\)$/,
  );
  expect(result.code).toBe(1);
  expect(server.requests).toHaveLength(1);
}, 60_000);
