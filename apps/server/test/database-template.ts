// The migrated database every API test starts from, made once per run (vitest's globalSetup,
// `vitest.global-setup.ts`) instead of once per test app: PGlite's initdb takes ~5 s where loading a dumped
// data folder takes under 1, and on a PostgreSQL server each test database is a copy of a migrated
// template database (CREATE DATABASE ... TEMPLATE) instead of 17 migrations run again.
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder, openDatabase } from '../src/db/client';
import { PGLITE_START_PARAMS } from '../src/db/open-pglite';

/** Where the globalSetup leaves the dumped PGlite template (a file) and the PostgreSQL template's name. */
export const TEMPLATE_ENV = { pgliteFile: 'RV_TEST_PGLITE_TEMPLATE', postgresName: 'RV_TEST_POSTGRES_TEMPLATE' } as const;

/** A freshly migrated in-memory PGlite, dumped as its data folder (a tarball). */
export async function dumpMigratedPglite(): Promise<Blob> {
  const client = await PGlite.create('memory://', { startParams: PGLITE_START_PARAMS });
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
