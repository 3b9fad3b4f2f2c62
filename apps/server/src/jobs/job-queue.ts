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
 * Each queue's stop: aborted when this process stops taking work (ADR 066). A running attempt's signal ends
 * with it, and its job is given back (`giveBack`) for another worker to take.
 */
const stops = new WeakMap<JobQueue, AbortController>();

/** The signal that ends this process's running attempts when it stops (never aborted before). */
export const stopSignalOf = (jobs: JobQueue): AbortSignal => stops.get(jobs)?.signal ?? new AbortController().signal;

/** Ends this process's running attempts: each gives its job back (the work loops do, on this signal). */
export const endRunningAttempts = (jobs: JobQueue) => stops.get(jobs)?.abort();

/**
 * Gives an active job back to its queue as if never started: state `created` and no `started_on`, so the
 * next fetch neither counts it a retry (pg-boss counts one only for a job that started) nor waits for its
 * expiry. Another worker takes it at its next poll; the work itself is safe to run again (stored engine
 * results are reused, the credit was taken once when the design was made). pg-boss's own `complete` after
 * the handler returns finds it no longer active and leaves it alone.
 */
export async function giveBack(jobs: JobQueue, queue: string, jobId: string): Promise<void> {
  await jobs
    .getDb()
    .executeSql(`UPDATE pgboss.job SET state = 'created', started_on = NULL, start_after = now() WHERE name = $1 AND id = $2 AND state = 'active'`, [
      queue,
      jobId,
    ]);
}

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
  stops.set(boss, new AbortController());
  return boss;
}
