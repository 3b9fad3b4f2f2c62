import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { makeImage } from '@rv/testing/engine-fixtures';
import { startTestHttpServer, type RecordedRequest, type TestHttpServer } from '@rv/testing/test-http-server';

const run = promisify(execFile);
const serverRoot = path.resolve(import.meta.dirname, '../..');

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

test('`npm run engines -- check` against the stand-in: a working image engine and a failing text model (unknown), each with its model, latency and the service’s words', async () => {
  const image = await makeImage(1536, 1152);
  server.respond(
    ...Array.from(
      { length: 4 },
      () => (request: RecordedRequest) =>
        request.path.endsWith('/images/edits')
          ? { json: { created: 1, output_format: 'png', data: [{ b64_json: image.toString('base64') }] } }
          : {
              status: 404,
              json: {
                error: {
                  message: 'The model `gpt-9-unknown` does not exist or you do not have access to it.',
                  type: 'invalid_request_error',
                  param: null,
                  code: 'model_not_found',
                },
              },
            },
    ),
  );
  const env = {
    PATH: process.env.PATH,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    IMAGE_ENGINE: 'openai',
    VISION_ENGINE: 'openai',
    OPENAI_API_KEY: 'test-openai-key',
    OPENAI_BASE_URL: `${server.url}/v1`,
    OPENAI_TEXT_MODEL: 'gpt-9-unknown',
  };
  const result = await run(process.execPath, ['--import', 'tsx', 'src/engines/engines-cli.ts', 'check'], { cwd: serverRoot, env }).then(
    (done) => ({ code: 0, stdout: done.stdout }),
    (failed: { code: number; stdout: string }) => ({ code: failed.code, stdout: failed.stdout }),
  );
  const lines = result.stdout.trim().split('\n');
  expect(lines[0]).toMatch(
    new RegExp(`^image  openai gpt-image-2 \\(http://127\\.0\\.0\\.1:\\d+/v1\\): answered in \\d+ ms, image 1536x1152$`),
  );
  expect(lines[1]).toMatch(
    /^vision openai gpt-9-unknown \(http:\/\/127\.0\.0\.1:\d+\/v1\): FAILED after \d+ ms: The model `gpt-9-unknown` does not exist or you do not have access to it\. \(HTTP 404\)$/,
  );
  expect(result.code).toBe(1);
  // The smallest real calls: one image edit asking for one image, one structured text answer.
  const edit = server.requests.find((request) => request.path === '/v1/images/edits');
  expect(edit?.form?.fields.find((field) => field.name === 'n')?.value).toBe('1');
  expect(server.requests.filter((request) => request.path === '/v1/chat/completions')).toHaveLength(1);
}, 60_000);
