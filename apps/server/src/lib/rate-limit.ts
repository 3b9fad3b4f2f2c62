import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { lt, sql } from 'drizzle-orm';
import { messages } from '@rv/contracts/messages';
import type { Db } from '../db/client';
import { rateLimitCounters } from '../db/schema';
import { AppError } from './app-error';

/** How often one process deletes the counters whose window has ended. */
const SWEEP_EVERY_MS = 60_000;
const lastSweep = new WeakMap<Db, number>();

/**
 * Counts one hit on `key` in a fixed window of `windowMs`, in the database (shared by every web
 * process) with one atomic upsert: the first hit, or the first after the window ended, starts a new
 * window. Answers the hits in the current window, this one included, and the milliseconds until it
 * ends. Times are the database's clock, the one clock every process shares.
 */
export async function countHit(db: Db, key: string, windowMs: number): Promise<{ hits: number; resetsInMs: number }> {
  const windowEnd = sql`now() + ${windowMs}::double precision * interval '1 millisecond'`;
  const ended = sql`${rateLimitCounters.resetsAt} <= now()`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, hits: 1, resetsAt: windowEnd })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${rateLimitCounters.hits} + 1 end`,
        resetsAt: sql`case when ${ended} then excluded.resets_at else ${rateLimitCounters.resetsAt} end`,
      },
    })
    .returning({
      hits: rateLimitCounters.hits,
      resetsInMs: sql<number>`greatest(0, ceil(extract(epoch from ${rateLimitCounters.resetsAt} - now()) * 1000))::integer`,
    });
  if (!row) throw new Error(`rate limit counter ${key} was not written`);
  sweepNowAndThen(db);
  return { hits: row.hits, resetsInMs: Number(row.resetsInMs) };
}

/** Throws 429 when `key` has been hit more than `max` times in the window (see `countHit`). */
export async function hitRateLimit(db: Db, key: string, max: number, windowMs: number): Promise<void> {
  const { hits } = await countHit(db, key, windowMs);
  if (hits > max) throw new AppError('TOO_MANY_REQUESTS', messages.server.tooManyRequests);
}

/** Deletes the counters whose window has ended (a later hit would start them afresh anyway). */
export async function sweepRateLimitCounters(db: Db): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.resetsAt, sql`now()`));
}

function sweepNowAndThen(db: Db) {
  const now = Date.now();
  if (now - (lastSweep.get(db) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(db, now);
  // Best effort: a failed sweep leaves rows that the next sweep removes.
  void sweepRateLimitCounters(db).catch(() => undefined);
}

/**
 * The key of @fastify/rate-limit's routes: the route (method and URL pattern) and the caller's
 * address, so each limited route has its own allowance per address.
 */
export function rateLimitKey(request: FastifyRequest): string {
  return `route:${String(request.routeOptions.method)} ${request.routeOptions.url ?? request.url}:${request.ip}`;
}

/**
 * The store of @fastify/rate-limit (every route limited with `config.rateLimit`) on `countHit`, so
 * those routes count in the database like the rest instead of in each process's memory. Fixed windows
 * only: `continueExceeding` and `exponentialBackoff` are not used by our routes and not implemented.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      countHit(db, key, timeWindow).then(
        ({ hits, resetsInMs }) => callback(null, { current: hits, ttl: resetsInMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    /** Every route shares the one table; the key (`rateLimitKey`) names the route. */
    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return DatabaseRateLimitStore;
}
