import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * PGlite's PostgreSQL settings for the embedded default (ADR 030). PGlite starts PostgreSQL with its own
 * 128 MB shared_buffers, and a WebAssembly memory never gives pages back: opening an existing database held
 * ~290 MB. With these a single-user database opens in ~165 MB and serves the app as before (the pages it
 * reads sit in the operating system's cache anyway). Appended to PGlite's own start parameters.
 */
export const PGLITE_SETTINGS = {
  shared_buffers: '16MB',
  wal_buffers: '1MB',
  temp_buffers: '2MB',
  work_mem: '2MB',
  maintenance_work_mem: '16MB',
} as const;

/** PGlite's default start parameters (its `defaultStartParams`, 0.5), which `startParams` replaces. */
const PGLITE_DEFAULT_PARAMS = [
  ['search_path', 'public'],
  ['exit_on_error', 'false'],
  ['log_checkpoints', 'false'],
  ['max_worker_processes', '0'],
  ['max_parallel_workers', '0'],
  ['max_parallel_workers_per_gather', '0'],
  ['io_method', 'sync'],
  ['max_parallel_maintenance_workers', '0'],
] as const;

export const PGLITE_START_PARAMS = [
  '--single',
  '-F',
  '-O',
  '-j',
  ...[...PGLITE_DEFAULT_PARAMS, ...Object.entries(PGLITE_SETTINGS)].flatMap(([name, value]) => ['-c', `${name}=${value}`]),
];

/**
 * Opens PGlite in `dir` ('memory://' for tests), or in memory from a dumped data folder (`from`). A folder without a database is first made by a short-lived
 * child process: PGlite's initdb grows the WebAssembly memory to ~600 MB, which a process never gets back,
 * so the server would carry it for its whole life.
 */
export async function openPglite(dir: string, options: { from?: Blob } = {}): Promise<PGlite> {
  // A dumped data folder (the tests' migrated template) loads in under a second; initdb takes several.
  if (options.from) return PGlite.create('memory://', { startParams: PGLITE_START_PARAMS, loadDataDir: options.from });
  if (!dir.startsWith('memory://') && !existsSync(path.join(dir, 'PG_VERSION'))) await initialisePgliteInChild(dir);
  return PGlite.create(dir, { startParams: PGLITE_START_PARAMS });
}

async function initialisePgliteInChild(dir: string): Promise<void> {
  const script =
    'const { PGlite } = await import(process.argv[1]);' +
    'const db = await PGlite.create(process.argv[2], { startParams: JSON.parse(process.argv[3]) });' +
    'await db.close();';
  const child = spawn(
    process.execPath,
    ['--input-type=module', '--eval', script, import.meta.resolve('@electric-sql/pglite'), dir, JSON.stringify(PGLITE_START_PARAMS)],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`creating the PGlite database in ${dir} failed (exit code ${code})`);
}
