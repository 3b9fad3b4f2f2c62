import PgBoss from 'pg-boss';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Database } from '../db/client';

export type JobQueue = PgBoss;

/**
 * How often (seconds) some process looks for expired jobs: a quarter of the expiry, between 1 s and a
 * minute, so the job of a worker that died is retried or failed soon after its expiry.
 */
export const maintenanceIntervalSeconds = (jobExpirySeconds: number) => Math.min(60, Math.max(1, Math.floor(jobExpirySeconds / 4)));

/**
 * The signal of one attempt of a job: its engine calls end (abort) at 80% of the job's expiry, so an attempt
 * never still runs (and pays) when pg-boss gives up on it and another worker starts the next one.
 */
export const attemptSignal = (expireInSeconds: number) => AbortSignal.timeout(Math.round(expireInSeconds * 800));

/**
 * pg-boss on the same database as the app: its own pool on a PostgreSQL server, or our PGlite
 * connection through its `db` option.
 */
export async function startJobQueue(database: Database, log: Logger, options: { jobExpirySeconds: number }): Promise<JobQueue> {
  const maintenance = { maintenanceIntervalSeconds: maintenanceIntervalSeconds(options.jobExpirySeconds) };
  const boss = database.connectionString
    ? new PgBoss({ connectionString: database.connectionString, max: 4, ...maintenance })
    : new PgBoss({ db: { executeSql: database.executeSql }, ...maintenance });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  return boss;
}
