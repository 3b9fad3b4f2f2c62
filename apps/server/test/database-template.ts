// The migrated database every API test starts from, made once per run (vitest's globalSetup,
// `vitest.global-setup.ts`) instead of once per test app: PGlite's initdb takes ~5 s where loading a dumped
// data folder takes under 1, and on a PostgreSQL server each test database is a copy of a migrated
// template database (CREATE DATABASE ... TEMPLATE) instead of 17 migrations run again. A test that starts
// the server's processes on a data folder of its own (`freshDataDir`) starts them on a copy of the same
// migrated database: a start on an empty folder made it first (initdb in a child, then the migrations),
// ~8 s of a ~12 s start.
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder, openDatabase } from '../src/db/client';
import { PGLITE_START_PARAMS } from '../src/db/open-pglite';

/**
 * Where the globalSetup leaves the PGlite template, dumped (a file) and as a data folder, and the PostgreSQL
 * template's name.
 */
export const TEMPLATE_ENV = {
  pgliteFile: 'RV_TEST_PGLITE_TEMPLATE',
  pgliteFolder: 'RV_TEST_PGLITE_FOLDER',
  postgresName: 'RV_TEST_POSTGRES_TEMPLATE',
} as const;

/** A freshly migrated PGlite made in `folder` (closed when this returns), and its data folder dumped (a tarball). */
export async function makeMigratedPglite(folder: string): Promise<Blob> {
  const client = await PGlite.create(folder, { startParams: PGLITE_START_PARAMS });
  try {
    await migrate(drizzle(client), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** A migrated database on the PostgreSQL server at `serverUrl` to copy test databases from; `drop` removes it. */
export async function createPostgresTemplate(serverUrl: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `rv_template_${process.pid}_${Date.now()}`;
  await onServer(serverUrl, (admin) => admin.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: 'memory://' });
  await database.close();
  const drop = async () => {
    await onServer(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
  };
  return { name, drop };
}

let pgliteTemplate: Blob | undefined;

/** The run's dumped PGlite template, read once per test file; none when the globalSetup did not make one. */
export function readPgliteTemplate(): Blob | undefined {
  const file = process.env[TEMPLATE_ENV.pgliteFile];
  if (!file) return undefined;
  return (pgliteTemplate ??= new Blob([readFileSync(file)]));
}

/**
 * A new data folder (DATA_DIR) for a server process or command, its embedded database already made and
 * migrated: a copy of the run's template folder (made by vitest's globalSetup; for the browser tests, named by
 * playwright.config.ts and made by e2e/e2e-server.ts). Without one the process makes its database itself.
 */
export function freshDataDir(prefix: string): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const template = process.env[TEMPLATE_ENV.pgliteFolder];
  if (template) cpSync(template, path.join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

/** The run's PostgreSQL template database, if the globalSetup made one. */
export const postgresTemplateName = (): string | undefined => process.env[TEMPLATE_ENV.postgresName];

export async function onServer<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
