import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { TEMPLATE_ENV } from './apps/server/test/database-template';
import { CHROMIUM_LAUNCH } from './scripts/chromium';
import { SERVER_ENV } from './scripts/server-process-settings';

// One throwaway data folder and port per run, shared with the workers through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'rv-e2e-'));
// The migrated database the browser tests' server keeps aside before any row (e2e/e2e-server.ts), that each
// spec's own server starts from a copy of (freshDataDir, e2e/seeded-server.ts).
process.env[TEMPLATE_ENV.pgliteFolder] = path.join(process.env.E2E_DATA_DIR, 'pglite-migrated');
process.env.E2E_PORT ??= String(3100 + Math.floor(Math.random() * 800));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    // A failed test keeps its trace with the page's DOM at each step, and a screenshot of where it failed. The
    // trace takes no screencast: its frames cost about a quarter of the browser tests' CPU time (two files,
    // measured: 131 s of CPU with them, 90 s without), on a machine the browser tests keep busy.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  webServer: {
    command: 'node --import tsx e2e/e2e-server.ts',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    // Stopped as an operator stops it (SIGTERM: its own shutdown, ADR 066), not killed: it leaves no folder of
    // its own behind (its uploads in flight) and its database closed.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      ...SERVER_ENV,
      PORT: process.env.E2E_PORT,
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      // The tests' password hashes are cheaper than production's (apps/server/test/test-app.ts).
      PASSWORD_HASH_COST: '10',
      // Each test comes from an address of its own through this 'proxy' (e2e/own-address.ts).
      TRUST_PROXY: 'loopback',
    },
  },
});
