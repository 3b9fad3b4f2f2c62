import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { dumpPglite, dumpPostgres, type DatabaseDump } from './database-backup';
import { lockPgliteDir } from './pglite-lock';
import * as schema from './schema';
import { traceQueries } from './traced-client';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What pg-boss needs to run its SQL on our connection (its `db` option). */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Set for a PostgreSQL server: pg-boss opens its own pool on it. */
  connectionString?: string;
  executeSql: ExecuteSql;
  /**
   * Runs `work` while holding the app's PostgreSQL advisory lock, so start-up steps that processes
   * starting together would race on (migrations, creating the job queues) run one process at a time.
   */
  serialized<T>(work: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /** A consistent copy of the whole database, for a backup (db/database-backup.ts, ADR 060). */
  dump(): Promise<DatabaseDump>;
  close(): Promise<void>;
}

/** The advisory lock key of `serialized` on a PostgreSQL server. */
const STARTUP_LOCK = 7_261_905_031;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens the database: a PostgreSQL server when a connection string is given, else PGlite stored in
 * `pgliteDir` ('memory://' keeps it in memory, for tests), held by this process alone until it is closed
 * (db/pglite-lock.ts: another process holding it is a DatabaseInUseError). Migrations are applied before it returns.
 * Each driver is imported only when chosen: a web process on PostgreSQL never loads PGlite (ADR 040).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  pgliteDir: string;
  /** A PGlite data folder dumped by `dumpDataDir` to start an in-memory database from (the tests' template). */
  pgliteFrom?: Blob;
}): Promise<Database> {
  if (options.databaseUrl) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server closes (a restart, a terminated backend) is dropped by the pool; queries
    // in flight still fail with their own error. Without a listener such an event would crash the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(traceQueries(pool, 'postgresql'), { schema });
    const serialized = async <T>(work: () => Promise<T>): Promise<T> => {
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
        return await work();
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
        lock.release();
      }
    };
    // Web processes and workers start together and each migrates: one at a time (drizzle's migrator takes no lock).
    await serialized(() => migratePg(db, { migrationsFolder }));
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      connectionString: options.databaseUrl,
      executeSql: async (text, values) => pool.query(text, values as unknown[]),
      serialized,
      ping: async () => {
        await pool.query('select 1');
      },
      dump: async () => dumpPostgres(options.databaseUrl!),
      close: once(() => pool.end()),
    };
  }
  const [{ openPglite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('./open-pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  // A folder is held by one process at a time, from before PGlite (or its initdb) touches it (ADR 053).
  const onDisk = !options.pgliteFrom && !options.pgliteDir.startsWith('memory://');
  const release = onDisk ? await lockPgliteDir(options.pgliteDir) : () => undefined;
  let client: Awaited<ReturnType<typeof openPglite>>;
  let db: ReturnType<typeof drizzlePglite<typeof schema>>;
  try {
    client = await openPglite(options.pgliteDir, { from: options.pgliteFrom });
    db = drizzlePglite(traceQueries(client, 'pglite'), { schema });
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    release();
    throw error;
  }
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    executeSql: async (text, values) =>
      values?.length ? client.query(text, values as unknown[]) : client.exec(text).then((r) => r.at(-1) ?? { rows: [] }),
    serialized: (work) => work(),
    ping: async () => {
      await client.query('select 1');
    },
    dump: () => dumpPglite(client),
    close: once(async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    }),
  };
}

/** Closing twice closes once (a test that took the database away, then the app's own close). */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}
