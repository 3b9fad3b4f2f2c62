// The server's entry points as an operator runs them: compiled (ADR 030), built first when their sources
// changed (`scripts/build.ts --if-changed --server`: about a second; a cold start from the sources through
// tsx took 2-10 s each). A test file that starts a process calls `buildServerOnce` in its beforeAll.
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { expect } from 'vitest';
import { freshDataDir } from './database-template';

/** apps/server: where the compiled entry points run from. */
export const serverDir = path.resolve(import.meta.dirname, '..');

let built = false;

/** Builds the server if its sources changed since its last build (once per worker); throws with the build's words when it fails. */
export function buildServerOnce(): void {
  if (built) return;
  const build = spawnSync(process.execPath, ['scripts/build.ts', '--if-changed', '--server'], {
    cwd: path.resolve(serverDir, '../..'),
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`the server build failed: ${build.stderr}`);
  built = true;
}

/** How long a beforeAll that builds the server may take. */
export const BUILD_MS = 120_000;

/** The node arguments that run a source entry point (`src/cli/main.ts`) from its compiled file, flat in dist/ (`dist/main.js`). */
export const compiled = (entry: string): string[] => [
  '--enable-source-maps',
  entry.replace(/^src\/cli\//, 'dist/').replace(/\.ts$/, '.js'),
];

/** A TCP port free on 127.0.0.1 now. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** How long startServer waits for the server to serve (a busy machine stretches a start to tens of seconds). */
export const START_MS = 150_000;

/**
 * Starts the compiled server (`npm start`'s entry point, src/cli/main.ts) on 127.0.0.1 and a free port, and
 * waits until it says it serves; its output is collected in `output.log`. Its environment is PATH, PUBLIC_URL
 * at its own address (the cross-site check takes requests from there), then `env` over them (PUBLIC_URL ''
 * is unset: the server's own default), and a fresh DATA_DIR (its database made and migrated: `freshDataDir`;
 * removed once the process has exited) unless `env` names one. `stop` sends a signal and waits for the exit.
 */
export async function startServer(env: Record<string, string | undefined> = {}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = env.DATA_DIR ?? freshDataDir('rv-server-');
  const child = spawn(process.execPath, compiled('src/cli/main.ts'), {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH,
      PUBLIC_URL: url,
      ...env,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
    },
  });
  const output = { log: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output.log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      // A data folder made here is the process's alone: gone with it (40 MB each).
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  try {
    await expect.poll(() => output.log, { timeout: START_MS, interval: 100 }).toContain('Room Visualizer is serving on');
  } catch (error) {
    // A start that failed or is too slow leaves no process behind.
    child.kill('SIGKILL');
    throw error;
  }
  return {
    pid: child.pid!,
    port,
    dataDir,
    url,
    output,
    exited,
    stop: (signal: NodeJS.Signals = 'SIGTERM') => {
      child.kill(signal);
      return exited;
    },
  };
}
