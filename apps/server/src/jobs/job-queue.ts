import PgBoss from 'pg-boss';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Database } from '../db/client';

export type JobQueue = PgBoss;

/**
 * pg-boss on the same database as the app: its own pool on a PostgreSQL server, or our PGlite
 * connection through its `db` option.
 */
export async function startJobQueue(database: Database, log: Logger): Promise<JobQueue> {
  const boss = database.connectionString
    ? new PgBoss({ connectionString: database.connectionString, max: 4 })
    : new PgBoss({ db: { executeSql: database.executeSql } });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  return boss;
}
