import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { modelListRoute, openAiListed } from '@rv/testing/model-list-answers';
import { startTestHttpServer, type RecordedRequest } from '@rv/testing/test-http-server';
import { BUILD_MS, buildServerOnce, compiled, serverDir, startServer } from '../../test/compiled-entry';

// The processes run as an operator runs them: the compiled server (ADR 030).
beforeAll(buildServerOnce, BUILD_MS);

/** Runs an entry point, waiting for it to end. */
const runToEnd = (entry: string, env: Record<string, string>) =>
  spawnSync(process.execPath, compiled(entry), {
    cwd: serverDir,
    env: { PATH: process.env.PATH, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rv-boot-')), ...env },
    encoding: 'utf8',
    // A busy machine can stretch a start to tens of seconds.
    timeout: 150_000,
  });

/** How long a test that starts an entry point may take. */
const BOOT_MS = 180_000;

/**
 * A production configuration with no demo stand-in: Stripe (live-shaped keys; nothing is asked of it at
 * start), OpenAI engines, SMTP (nodemailer connects at the first mail only).
 */
const hosted = (openAiUrl = 'http://127.0.0.1:9/v1'): Record<string, string> => ({
  NODE_ENV: 'production',
  AUTH_SECRET: 'x'.repeat(40),
  PUBLIC_URL: 'https://rooms.example',
  PAYMENTS: 'stripe',
  // Live-shaped keys (production refuses test-mode ones and STRIPE_API_URL); nothing is asked of Stripe at start.
  STRIPE_SECRET_KEY: 'sk_live_stand_in',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_stand_in',
  STRIPE_WEBHOOK_SECRET: 'whsec_stand_in',
  STRIPE_PRICE_ID: 'price_stand_in',
  IMAGE_ENGINE: 'openai',
  VISION_ENGINE: 'openai',
  OPENAI_API_KEY: 'test-openai-key',
  OPENAI_BASE_URL: openAiUrl,
  OPENAI_IMAGE_MODEL: 'gpt-image-2',
  OPENAI_TEXT_MODEL: 'gpt-5.4-mini',
  SMTP_URL: 'smtp://127.0.0.1:9',
  MAIL_FROM: 'Room Visualizer <hello@roomvisualizer.example>',
});

const HINT = "production refuses the demo's offline stand-ins; for a single-machine demo set ALLOW_DEMO_PROVIDERS=true";

describe('the server process', () => {
  it.each([
    ['PORT', 'not-a-port'],
    ['DATABASE_URL', 'mysql://nope'],
    ['IMAGE_ENGINE', 'unknown-engine'],
  ])('stops at boot naming a bad %s', (variable, value) => {
    const result = spawnSync(process.execPath, compiled('src/cli/main.ts'), {
      cwd: serverDir,
      env: { PATH: process.env.PATH, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rv-boot-')), [variable]: value },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`Invalid configuration: ${variable}`);
  });
});

describe('production refuses the demo (NODE_ENV=production)', () => {
  it.each([
    [{ PAYMENTS: 'local' }, 'PAYMENTS is local, the offline payment simulator'],
    [{ PAYMENTS: '' }, 'PAYMENTS is local, the offline payment simulator'],
    [{ IMAGE_ENGINE: 'local' }, 'IMAGE_ENGINE is local, offline previews instead of redesigns: set IMAGE_ENGINE=gemini or openai'],
    [{ VISION_ENGINE: 'local' }, 'VISION_ENGINE is local, measured palettes instead of a vision model: set VISION_ENGINE=gemini or openai'],
    [
      { SMTP_URL: '' },
      'SMTP_URL is not set, so every e-mail (sign-in links included) stays in DATA_DIR/outbox: set SMTP_URL and MAIL_FROM',
    ],
  ])(
    'the web process refuses to start on %o, naming the variable to set',
    (demo, said) => {
      const result = runToEnd('src/cli/main.ts', { ...hosted(), ...demo });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`Invalid configuration: ${said}`);
      expect(result.stderr).toContain(HINT);
    },
    BOOT_MS,
  );

  it(
    'the worker refuses too, with one message listing every demo default left (all four by default)',
    () => {
      const result = runToEnd('src/cli/worker.ts', {
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(40),
        PUBLIC_URL: 'https://rooms.example',
      });
      expect(result.status).toBe(1);
      const [message] = result.stderr.split('\n').filter((line) => line.startsWith('Invalid configuration:'));
      expect(message).toMatch(
        /^Invalid configuration: PAYMENTS is local.*; IMAGE_ENGINE is local.*; VISION_ENGINE is local.*; SMTP_URL is not set.*; production refuses/,
      );
    },
    BOOT_MS,
  );

  it(
    'the CLIs that read the configuration refuse as well (npm run admin)',
    () => {
      const result = spawnSync(process.execPath, [...compiled('src/cli/admin-cli.ts'), 'list'], {
        cwd: serverDir,
        env: { PATH: process.env.PATH, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rv-boot-')), ...hosted(), IMAGE_ENGINE: 'local' },
        encoding: 'utf8',
        timeout: 150_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('Invalid configuration: IMAGE_ENGINE is local');
    },
    BOOT_MS,
  );

  it(
    'with ALLOW_DEMO_PROVIDERS=true the single-machine demo starts on every default and serves',
    async () => {
      const server = await startServer({
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(40),
        PUBLIC_URL: 'http://127.0.0.1',
        ALLOW_DEMO_PROVIDERS: 'true',
      });
      try {
        expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      } finally {
        await server.stop();
      }
    },
    BOOT_MS,
  );
});

describe('npm start on a terminal', () => {
  it(
    'prints the banner (the address, each stand-in and where its output goes, how to switch) and readable log lines',
    async () => {
      // LOG_FORMAT=pretty is what a terminal gets unasked (lib/log-format.ts); the test's pipe is no terminal.
      // PUBLIC_URL unset, as npm start has it: the banner names localhost.
      const server = await startServer({ LOG_FORMAT: 'pretty', PUBLIC_URL: '' });
      try {
        await expect.poll(() => server.output.log, { timeout: BOOT_MS - 30_000, interval: 200 }).toContain('Ctrl-C stops');
        const { log } = server.output;
        expect(log).toContain(`Room Visualizer is serving on ${server.url.replace('127.0.0.1', 'localhost')}`);
        expect(log).toMatch(/Mail\s+outbox stand-in: .*outbox\/\*\.eml/);
        expect(log).toContain('IMAGE_ENGINE=gemini (GEMINI_API_KEY) or IMAGE_ENGINE=openai (OPENAI_API_KEY)');
        expect(log).toContain('card 4242 4242 4242 4242 pays');
        // The banner says where it serves, first: no log line says it again before it.
        expect(log).not.toContain('Server listening at');
        expect(log.match(/Room Visualizer is serving on/g)).toHaveLength(1);
        // Then readable log lines: a request's, as a person's browser asks for the landing.
        await fetch(`${server.url}/api/no-such-call`);
        await expect
          .poll(() => server.output.log, { timeout: 10_000, interval: 100 })
          .toMatch(/^\d\d:\d\d:\d\d (INFO|WARN) {1,2}.*no-such-call/m);
        // No JSON line, and no colour codes off a terminal.
        expect(log).not.toMatch(/^\{"level"/m);
        expect(log).not.toContain('\u001b[');
      } finally {
        await server.stop();
      }
    },
    BOOT_MS,
  );
});

describe('a production start makes no paid call', () => {
  it(
    'reads each provider list once and calls no model (a counting stand-in for OpenAI), and serves',
    async () => {
      const standIn = await startTestHttpServer();
      const listed = [openAiListed('gpt-image-2'), openAiListed('gpt-5.4-mini')];
      standIn.respond(
        ...Array.from({ length: 10 }, () => (request: RecordedRequest) => modelListRoute(request, { openai: listed }) ?? { status: 500 }),
      );
      const server = await startServer(hosted(`${standIn.url}/v1`));
      try {
        await expect.poll(() => server.output.log, { timeout: BOOT_MS - 30_000, interval: 200 }).toContain('Engine model lists checked');
        expect(server.output.log).toMatch(
          /image {2}openai gpt-image-2 \(http:\/\/127\.0\.0\.1:\d+\/v1\): listed \(list read in \d+ ms\), no model called/,
        );
        expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
        expect(standIn.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /v1/models']);
      } finally {
        await server.stop();
        await standIn.close();
      }
    },
    BOOT_MS,
  );

  it(
    "a model the provider's list does not have is a clear warning at start, still without a model call, and the server serves all the same",
    async () => {
      const standIn = await startTestHttpServer();
      standIn.respond(
        ...Array.from(
          { length: 10 },
          () => (request: RecordedRequest) =>
            modelListRoute(request, { openai: [openAiListed('gpt-image-2.6-sunburst'), openAiListed('gpt-5.4-mini')] }) ?? { status: 500 },
        ),
      );
      const server = await startServer(hosted(`${standIn.url}/v1`));
      try {
        await expect.poll(() => server.output.log, { timeout: BOOT_MS - 30_000, interval: 200 }).toContain('Engine check FAILED');
        expect(server.output.log).toContain('gpt-image-2 (http://127.0.0.1');
        expect(server.output.log).toContain("not in the service's list of models");
        expect(server.output.log).toContain('image models it lists instead: gpt-image-2.6-sunburst');
        expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
        expect(standIn.requests.every((request) => request.method === 'GET')).toBe(true);
        expect(standIn.requests.some((request) => /images|chat/.test(request.path))).toBe(false);
      } finally {
        await server.stop();
        await standIn.close();
      }
    },
    BOOT_MS,
  );
});
