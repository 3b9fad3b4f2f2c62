import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import type { PGlite } from '@electric-sql/pglite';
import { environmentWith } from '../config/env';
import { lockPgliteDir } from './pglite-lock';

/**
 * A database's copy in a backup (ADR 060): PGlite's own data folder, dumped whole (`dumpDataDir`), or
 * PostgreSQL's custom-format dump (Debian's `pg_dump`, restored with `pg_restore`).
 */
export interface DatabaseDump {
  /** The file's name in the archive, which says how it is restored. */
  name: typeof PGLITE_DUMP | typeof POSTGRES_DUMP;
  body: Readable;
}

export const PGLITE_DUMP = 'pglite-datadir.tar.gz';
export const POSTGRES_DUMP = 'postgres.dump';

/** PGlite's folder, consistent: its pages written (CHECKPOINT) and the copy taken while no query runs. */
export async function dumpPglite(client: PGlite): Promise<DatabaseDump> {
  await client.exec('CHECKPOINT');
  const dump = await client.dumpDataDir('gzip');
  return { name: PGLITE_DUMP, body: Readable.fromWeb(dump.stream() as ReadableStream) };
}

/**
 * `pg_dump --format=custom` of the database, as one snapshot (pg_dump reads in one repeatable-read
 * transaction), its password handed in the environment, never on the command line.
 */
export function dumpPostgres(databaseUrl: string): DatabaseDump {
  const child = spawn('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--dbname=${withoutPassword(databaseUrl)}`], {
    env: environmentWith(passwordEnv(databaseUrl)),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const body = child.stdout;
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.on('error', (error) => body.destroy(notInstalled(error, 'pg_dump')));
  child.on('exit', (code) => {
    if (code !== 0) body.destroy(new Error(`pg_dump failed (exit code ${code}): ${stderr.trim()}`));
  });
  return { name: POSTGRES_DUMP, body };
}

/**
 * Puts a dumped PGlite folder back in `dir`: refused while another process holds it (ADR 053), and
 * when it holds a database, unless `force` (then it is removed first).
 */
export async function restorePglite(dir: string, dumpFile: string, options: { force: boolean }): Promise<void> {
  const release = await lockPgliteDir(dir);
  try {
    if (existsSync(path.join(dir, 'PG_VERSION'))) {
      if (!options.force) throw new TargetNotEmptyError(`${dir} holds a database`);
      await rm(dir, { recursive: true, force: true });
    }
    const [{ PGlite }, { PGLITE_START_PARAMS }] = await Promise.all([import('@electric-sql/pglite'), import('./open-pglite')]);
    const client = await PGlite.create(dir, { startParams: PGLITE_START_PARAMS, loadDataDir: new Blob([await readFile(dumpFile)]) });
    await client.close();
  } finally {
    release();
  }
}

/**
 * Restores a custom-format dump into the database of `databaseUrl` with `pg_restore` (one transaction:
 * all or nothing). Refused while another session uses that database, and when it has tables, unless
 * `force` (then every schema of it is dropped first, and `public` made again empty).
 */
export async function restorePostgres(databaseUrl: string, dumpFile: string, options: { force: boolean }): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const others = await client.query<{ count: string }>(
      'select count(*) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    if (Number(others.rows[0]?.count) > 0)
      throw new TargetNotEmptyError(
        `the database has ${others.rows[0]?.count} other sessions: stop every web process and worker first`,
        'in use',
      );
    const tables = await client.query<{ count: string }>(
      "select count(*) from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    if (Number(tables.rows[0]?.count) > 0) {
      if (!options.force) throw new TargetNotEmptyError('the database has tables');
      // Emptied whole, then restored: `pg_restore --clean` cannot drop pg-boss's partitioned tables' inherited keys.
      const schemas = await client.query<{ name: string }>(
        "select nspname as name from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema'",
      );
      await client.query('begin');
      for (const { name } of schemas.rows) await client.query(`drop schema ${client.escapeIdentifier(name)} cascade`);
      await client.query('create schema public');
      await client.query('commit');
    }
  } finally {
    await client.end();
  }
  const args = ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${withoutPassword(databaseUrl)}`];
  await run('pg_restore', [...args, dumpFile], passwordEnv(databaseUrl));
}

/** A restore that would write over what is there, or into a database in use. */
export class TargetNotEmptyError extends Error {
  constructor(
    detail: string,
    public readonly reason: 'not empty' | 'in use' = 'not empty',
  ) {
    super(
      reason === 'in use'
        ? `Not restored: ${detail}.`
        : `Not restored: ${detail}. Restoring replaces it; run again with --force to replace it with the backup.`,
    );
    this.name = 'TargetNotEmptyError';
  }
}

const withoutPassword = (databaseUrl: string) => {
  const url = new URL(databaseUrl);
  url.password = '';
  return url.toString();
};

const passwordEnv = (databaseUrl: string): Record<string, string> => {
  const password = decodeURIComponent(new URL(databaseUrl).password);
  return password ? { PGPASSWORD: password } : {};
};

const notInstalled = (error: Error, command: string) =>
  (error as NodeJS.ErrnoException).code === 'ENOENT'
    ? new Error(`${command} is not installed: apt-get install postgresql-client (the server's major version or newer)`)
    : error;

async function run(command: string, args: string[], env: Record<string, string>): Promise<void> {
  const child = spawn(command, args, { env: environmentWith(env), stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', (error) => reject(notInstalled(error, command)));
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`${command} failed (exit code ${code}): ${stderr.trim()}`);
}
