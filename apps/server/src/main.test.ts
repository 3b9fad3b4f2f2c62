import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startTestHttpServer } from '@rv/testing/test-http-server';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('the server process', () => {
  it.each([
    ['PORT', 'not-a-port'],
    ['DATABASE_URL', 'mysql://nope'],
    ['IMAGE_ENGINE', 'unknown-engine'],
  ])('stops at boot naming a bad %s', (variable, value) => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { PATH: process.env.PATH, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rv-boot-')), [variable]: value },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`Invalid configuration: ${variable}`);
  });
});

describe('the server process in production', () => {
  it('checks the hosted engines once at start and logs a clear warning when one fails, and serves all the same', async () => {
    const standIn = await startTestHttpServer();
    standIn.respond(
      ...Array.from({ length: 4 }, () => ({
        status: 404,
        json: {
          error: {
            message: 'The model `gpt-image-1` has been deprecated.',
            type: 'invalid_request_error',
            param: null,
            code: 'model_not_found',
          },
        },
      })),
    );
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(40),
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rv-boot-')),
        HOST: '127.0.0.1',
        PORT: String(port),
        IMAGE_ENGINE: 'openai',
        OPENAI_API_KEY: 'test-openai-key',
        OPENAI_BASE_URL: `${standIn.url}/v1`,
        OPENAI_IMAGE_MODEL: 'gpt-image-1',
        // A model the tables do not know starts in production only when described (ADR 021).
        OPENAI_MAX_INPUT_IMAGES: '16',
        OPENAI_OUTPUT_SIZE: '1024x1024,1536x1024,1024x1536',
        ENGINE_PRICES: '{"gpt-image-1":{"inputPerMillionTokens":5,"imageInputPerMillionTokens":10,"outputPerMillionTokens":40}}',
      },
    });
    let log = '';
    child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    try {
      await expect.poll(() => log, { timeout: 60_000, interval: 200 }).toContain('Engine check FAILED');
      expect(log).toContain('gpt-image-1 (http://127.0.0.1');
      expect(log).toContain('has been deprecated. (HTTP 404)');
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await standIn.close();
    }
  }, 90_000);
});
