// Start (`npm run bench start`): seconds from `npm start` to the first answer of GET / on a built tree (a
// restart on an existing PGlite database, and a first start on a new one), beside a start that has to build
// (both build stamps removed). The budget (docs/budgets.md#start): a built tree answers within 3 s.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/pg-cluster';
import { median } from './median';

const RUNS = 3;

/** Runs `npm start` until GET / answers 200; the seconds it took. The whole process group is stopped after. */
async function timeNpmStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  try {
    for (;;) {
      try {
        if ((await fetch(url)).ok) return (performance.now() - started) / 1000;
      } catch {
        /* not up yet */
      }
      if (performance.now() - started > 300_000) throw new Error('npm start did not answer within 300 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const fmt = (values: number[]) =>
  `median ${median(values).toFixed(2)} s (min ${Math.min(...values).toFixed(2)}, max ${Math.max(...values).toFixed(2)})`;

const dataDir = mkdtempSync(path.join(tmpdir(), 'rv-bench-start-'));
try {
  // The tree is built by `npm run bench` before any bench runs; a first start makes the database.
  const firstStart = await timeNpmStart(dataDir);
  const restarts: number[] = [];
  for (let i = 0; i < RUNS; i++) restarts.push(await timeNpmStart(dataDir));
  rmSync(path.resolve('apps/server/dist/.build-stamp'), { force: true });
  rmSync(path.resolve('apps/web/dist/.build-stamp'), { force: true });
  const withBuild = await timeNpmStart(dataDir);
  console.log('npm start to the first answer of GET / (PGlite, local defaults)');
  console.log(`| start | seconds |`);
  console.log(`|---|---|`);
  console.log(`| built tree, existing database (restart), ${RUNS} runs | ${fmt(restarts)} |`);
  console.log(`| built tree, new database (first start) | ${firstStart.toFixed(2)} |`);
  console.log(`| sources changed: builds the web app and the server first | ${withBuild.toFixed(2)} |`);
  console.log(`budget: a built tree answers within 3 s: ${median(restarts) <= 3 ? 'ok' : 'OVER'}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
