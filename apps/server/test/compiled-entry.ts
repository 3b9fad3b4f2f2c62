// The server's entry points as an operator runs them: compiled (ADR 030), built first when their sources
// changed (`scripts/build.ts --if-changed --server`: about a second; a cold start from the sources through
// tsx took 2-10 s each). A test file that starts a process calls `buildServerOnce` in its beforeAll.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

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
export const compiled = (entry: string): string[] => ['--enable-source-maps', entry.replace(/^src\/cli\//, 'dist/').replace(/\.ts$/, '.js')];
