// Starts the real server (npm start's entry: the built apps/server/dist/main.js, `npm run bench` builds it
// first) on a free loopback port with a throwaway DATA_DIR.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/pg-cluster';
import { COMPILE_CACHE_ENV, SERVER_ENTRY, SERVER_ENV, SERVER_NODE_FLAGS } from '../scripts/server-process-settings';

/** A started server: its URL, data folder and process id, and how to stop it (removing its data). */
export interface BenchServer {
  url: string;
  dataDir: string;
  pid: number;
  stop(): Promise<void>;
}

/** The built server's entry points and Node flags, as `npm start` and `npm run worker` run them (scripts/run-built.ts). */
export const NODE_FLAGS = SERVER_NODE_FLAGS;
export const WORKER_ENTRY = 'apps/server/dist/worker.js';

/** `prepare` writes into the data folder before the server opens it (PGlite is single-process). */
export async function startServer(env: Record<string, string> = {}, prepare?: (dataDir: string) => Promise<void>): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'rv-bench-'));
  await prepare?.(dataDir);
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    process.env.BENCH_FROM_SOURCE ? ['--import', 'tsx', 'apps/server/src/cli/main.ts'] : [...NODE_FLAGS, SERVER_ENTRY],
    {
      env: {
        ...SERVER_ENV,
        // The embedded process as `npm start` runs it; one on a PostgreSQL server as the Procfile runs it.
        ...(env.DATABASE_URL ? {} : COMPILE_CACHE_ENV),
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        LOG_LEVEL: 'warn',
        ...env,
        DATA_DIR: dataDir,
      },
      // BENCH_SERVER_LOG=1 shows the server's own log (pino writes to stdout).
      stdio: ['ignore', process.env.BENCH_SERVER_LOG ? 'inherit' : 'ignore', 'inherit'],
    },
  );
  if (child.pid === undefined) throw new Error('server did not start');
  const { pid } = child;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
