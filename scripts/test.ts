// `npm test`: typecheck, lint, the API document's lint (redocly), unit and API tests (on PGlite, with the cluster
// test beside them: web and worker processes on PostgreSQL and S3; then on a throwaway PostgreSQL server), the browser tests in Debian's
// Chromium, then `npm run storage -- audit` on what the browser tests' server stored. Missing Chromium or PostgreSQL is installed when this runs as root, else the command to
// install them is printed. Its last lines name each step that failed, with the lines of its output that say what
// (scripts/failure-summary.ts): a CI page shows a long log's end.
import { spawn, spawnSync, type SpawnOptions } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findPostgresBin, startCluster } from './pg-cluster';
import { readJson } from '@rv/contracts/json';
import { z } from 'zod';
import { CHROMIUM_PATH } from './chromium';
import { failureSummary } from './failure-summary';

const isRoot = process.getuid?.() === 0;
const tally = { passed: 0, failed: 0 };
/** The steps that failed, each with the end of what it printed: repeated under the run's last line. */
const failures: { name: string; output: string }[] = [];
/** How much of a step's output is kept for that summary. */
const KEPT_OUTPUT_BYTES = 512 * 1024;

/**
 * Starts a command: `ended` says whether it exited 0 and how many seconds it ran, and `output()` gives the last
 * `KEPT_OUTPUT_BYTES` of what it printed, which is also passed on to ours as it comes unless `quiet`.
 */
function start(
  command: string,
  args: string[],
  options: SpawnOptions & { quiet?: boolean },
): { ended: Promise<StepEnd>; output: () => string } {
  const started = Date.now();
  const { quiet, ...spawnOptions } = options;
  const child = spawn(command, args, {
    ...spawnOptions,
    stdio: ['inherit', 'pipe', 'pipe'],
    // Piped, the tools would print without colour on a terminal.
    env: { ...(spawnOptions.env ?? process.env), ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}) },
  });
  let kept: Buffer[] = [];
  let keptBytes = 0;
  const keep = (chunk: Buffer) => {
    kept.push(chunk);
    keptBytes += chunk.length;
    if (keptBytes < 2 * KEPT_OUTPUT_BYTES) return;
    kept = [Buffer.concat(kept).subarray(-KEPT_OUTPUT_BYTES)];
    keptBytes = KEPT_OUTPUT_BYTES;
  };
  child.stdout?.on('data', (chunk: Buffer) => {
    keep(chunk);
    if (!quiet) process.stdout.write(chunk);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    keep(chunk);
    if (!quiet) process.stderr.write(chunk);
  });
  const ended = new Promise<StepEnd>((resolve) => {
    const end = (ok: boolean) => resolve({ ok, seconds: Math.round((Date.now() - started) / 1000) });
    child.on('error', (error) => {
      keep(Buffer.from(`${error.message}\n`));
      end(false);
    });
    child.on('close', (code) => end(code === 0));
  });
  return {
    ended,
    output: () => Buffer.concat(kept).subarray(-KEPT_OUTPUT_BYTES).toString('utf8'),
  };
}
type StepEnd = { ok: boolean; seconds: number };

/** Counts a step's end and prints it; a failed one is kept, with its output, for the summary. */
function report(name: string, { ok, seconds }: StepEnd, output: string, note = ''): boolean {
  tally[ok ? 'passed' : 'failed'] += 1;
  if (!ok) failures.push({ name, output });
  console.log(`=== ${name}: ${ok ? 'passed' : 'FAILED'} in ${seconds}s${note} ===`);
  return ok;
}

/**
 * Runs one step to its end, its output on ours. Waited for, not run synchronously: a step beside it
 * (`stepBeside`) has its output read and its end noted while this one runs.
 */
async function step(name: string, command: string, args: string[], env: Record<string, string> = {}): Promise<boolean> {
  console.log(`\n=== ${name} ===`);
  const { ended, output } = start(command, args, { env: { ...process.env, ...env } });
  return report(name, await ended, output());
}

/**
 * A step that runs beside the ones after it: its output is kept and printed as one block when it ends,
 * read with `finished`. For a step that mostly waits (the cluster test waits on processes and on jobs to
 * expire: ~25 s of CPU in ~85 s), beside steps that yield the CPU to it, so that its waiting costs the run
 * no time and its timings are its own (a test beside it at the same priority once stretched a 7 s
 * generation past the job's 8 s attempt limit).
 */
function stepBeside(name: string, command: string, args: string[]): { finished: () => Promise<boolean> } {
  const { ended, output } = start(command, args, { quiet: true });
  return {
    async finished() {
      const end = await ended;
      console.log(`\n=== ${name} (ran beside the steps above) ===`);
      process.stdout.write(output());
      return report(name, end, output(), ' (its own time, beside the steps above)');
    },
  };
}

function ensureSystemPackages() {
  const missing = [];
  if (!existsSync(CHROMIUM_PATH)) missing.push('chromium');
  if (!findPostgresBin()) missing.push('postgresql');
  if (missing.length === 0) return;
  if (!isRoot) {
    console.error(
      `Missing: ${missing.join(', ')}. Install them with:\n  sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`,
    );
    process.exit(1);
  }
  console.log(`Installing ${missing.join(', ')} with apt-get...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
  if (install.status !== 0) process.exit(1);
}

/**
 * What the PostgreSQL step runs: the test files that open the test database, through the test app
 * (createTestApp), TEST_DATABASE_URL itself, or a helper of apps/server/test that does (the identity steps,
 * the fault stand-ins). Every other test runs the same on either database and has run in the step before:
 * the process tests (npm start, the CLIs, shutdown) run on PGlite by design. `vitest related` on the test app
 * took them all (the global setup, which every test file shares, imports the database template), running
 * about 250 s of process tests a second time.
 */
function readersOfTheTestDatabase(): string[] {
  const helpers = readdirSync('apps/server/test', { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .filter((file) => /createTestApp\(|TEST_DATABASE_URL/.test(readFileSync(path.join('apps/server/test', file), 'utf8')))
    .map((file) => path.basename(file, '.ts'))
    .filter((helper) => helper !== 'test-app' && helper !== 'database-template');
  const readsTheDatabase = (source: string) =>
    /createTestApp\(|TEST_DATABASE_URL/.test(source) || helpers.some((helper) => new RegExp(`from '[^']*/${helper}'`).test(source));
  return readdirSync('apps/server', { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts') && !file.includes('node_modules'))
    .map((file) => path.join('apps/server', file))
    .filter((file) => readsTheDatabase(readFileSync(file, 'utf8')));
}

ensureSystemPackages();
const only = process.argv[2];
let ok = true;
const CLUSTER_STEP = 'cluster test (PostgreSQL, S3, 2 web processes, 2 workers)';
if (!only || only === 'static') {
  ok = (await step('typecheck', 'npm', ['run', 'typecheck'])) && ok;
  ok = (await step('lint', 'npm', ['run', 'lint'])) && ok;
  ok = (await step("the API's document (redocly lint, recommended rules)", 'npm', ['run', 'lint:api'])) && ok;
}
if (!only || only === 'unit') {
  // In a full run the cluster test runs beside the tests on PGlite, which yield the CPU to it (nice 19): the
  // cluster's processes run as if alone, and the tests use the time it spends waiting.
  // Both build the server when its sources changed (scripts/build.ts --if-changed): it is built first, once.
  ok = (await step('the server build', process.execPath, ['scripts/build.ts', '--if-changed', '--server'])) && ok;
  const clusterTest = only ? undefined : stepBeside(CLUSTER_STEP, 'npm', ['run', 'test:cluster']);
  ok = (await step('unit and API tests (PGlite)', 'nice', ['-n', '19', 'npx', 'vitest', 'run'])) && ok;
  if (clusterTest) ok = (await clusterTest.finished()) && ok;
  const cluster = await startCluster();
  try {
    ok =
      (await step(
        'API tests (PostgreSQL)',
        'npx',
        ['vitest', 'run', '--project', 'node', '--project', 'node-isolated', ...readersOfTheTestDatabase()],
        {
          TEST_DATABASE_URL: cluster.url,
        },
      )) && ok;
  } finally {
    cluster.stop();
  }
}
if (only === 'cluster') ok = (await step(CLUSTER_STEP, 'npm', ['run', 'test:cluster'])) && ok;
if (!only || only === 'e2e') {
  ok = (await step('build', 'npm', ['run', 'build'])) && ok;
  // The browser tests' server keeps its database and files here, so the audit can read them once it has stopped.
  const e2eDataDir = mkdtempSync(path.join(tmpdir(), 'rv-e2e-'));
  ok = (await step('browser tests (Chromium)', 'npx', ['playwright', 'test'], { E2E_DATA_DIR: e2eDataDir })) && ok;
  // Playwright returns as it ends its server, not once the server has gone: the audit waits for the process that
  // holds the database (its lock, ADR 053) to have exited, so that it is the folder's one reader.
  await untilHolderGone(path.join(e2eDataDir, 'pglite.lock'));
  // Every design the journeys made, failed, refined or deleted: no stored file that no row refers to (ADR 033).
  ok = (await step('storage audit after the browser tests', 'npm', ['run', 'storage', '--', 'audit'], { DATA_DIR: e2eDataDir })) && ok;
  rmSync(e2eDataDir, { recursive: true, force: true });
}
for (const { name, output } of failures) console.log(`\n=== FAILED: ${name} ===\n${failureSummary(output)}`);
console.log(`\nsteps: ${tally.passed} passed, ${tally.failed} failed${failures.map(({ name }) => `\n  failed: ${name}`).join('')}`);
process.exit(ok ? 0 : 1);

/** Waits (30 s at most) until the process named in a PGlite folder's lock file has exited. */
async function untilHolderGone(lockFile: string): Promise<void> {
  // No lock, or not one a holder wrote: the audit says what it finds.
  if (!existsSync(lockFile)) return;
  const pid = readJson(z.object({ pid: z.number().int() }), readFileSync(lockFile, 'utf8'))?.pid;
  if (pid === undefined) return;
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  for (const deadline = Date.now() + 30_000; alive() && Date.now() < deadline;) await new Promise((resolve) => setTimeout(resolve, 100));
}
