import fastifyRateLimit from '@fastify/rate-limit';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@rv/contracts/messages';
import { openDatabase, type Database } from '../db/client';
import { rateLimitCounters } from '../db/schema';
import { createTestApp, createTestDatabase } from '../../test/test-app';
import { AppError } from './app-error';
import { errorHandler } from './error-handler';
import { databaseRateLimitStore, hitRateLimit, rateLimitKey, sweepRateLimitCounters } from './rate-limit';

/**
 * Two web processes on one database: on PostgreSQL each has its own connection pool to the same
 * database; PGlite is one process, so both instances share its one connection.
 */
let first: Database;
let second: Database;
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  const { databaseUrl, drop } = await createTestDatabase();
  dropDatabase = drop;
  first = await openDatabase({ databaseUrl, pgliteDir: 'memory://' });
  second = databaseUrl ? await openDatabase({ databaseUrl, pgliteDir: 'memory://' }) : first;
});

afterAll(async () => {
  if (second !== first) await second.close();
  await first.close();
  await dropDatabase();
});

/** A web process: the rate-limit plugin on the database store, two limited routes. */
async function webProcess(database: Database) {
  const app = Fastify({ logger: false });
  app.setErrorHandler(errorHandler);
  await app.register(fastifyRateLimit, { global: false, store: databaseRateLimitStore(database.db), keyGenerator: rateLimitKey });
  app.get('/limited', { config: { rateLimit: { max: 3, timeWindow: '1 minute' } } }, async () => ({ ok: true }));
  app.get('/other', { config: { rateLimit: { max: 3, timeWindow: '1 minute' } } }, async () => ({ ok: true }));
  await app.ready();
  return app;
}

/** Ends every window now, as if the time had passed. */
async function endWindows(database: Database) {
  await database.db.update(rateLimitCounters).set({ resetsAt: sql`now() - interval '1 second'` });
}

describe('rate limits in the database', () => {
  it('two processes on one database share a route’s allowance, and the window resets', async () => {
    const a = await webProcess(first);
    const b = await webProcess(second);
    try {
      expect((await a.inject('/limited')).statusCode).toBe(200);
      expect((await a.inject('/limited')).statusCode).toBe(200);
      const third = await b.inject('/limited');
      expect(third.statusCode).toBe(200);
      expect(third.headers['x-ratelimit-limit']).toBe('3');
      expect(third.headers['x-ratelimit-remaining']).toBe('0');
      const reset = Number(third.headers['x-ratelimit-reset']);
      expect(reset).toBeGreaterThan(50);
      expect(reset).toBeLessThanOrEqual(60);

      const refusedOnB = await b.inject('/limited');
      expect(refusedOnB.statusCode).toBe(429);
      expect(refusedOnB.json().error).toBe(messages.server.tooManyRequests);
      expect(Number(refusedOnB.headers['retry-after'])).toBeGreaterThan(50);
      expect((await a.inject('/limited')).statusCode).toBe(429);
      // Another route has its own allowance.
      expect((await b.inject('/other')).statusCode).toBe(200);

      await endWindows(first);
      const afterWindow = await b.inject('/limited');
      expect(afterWindow.statusCode).toBe(200);
      expect(afterWindow.headers['x-ratelimit-remaining']).toBe('2');
      expect((await a.inject('/limited')).statusCode).toBe(200);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('counts concurrent hits from both processes exactly (one atomic upsert per hit)', async () => {
    const key = `concurrent:${crypto.randomUUID()}`;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 24 }, (_, i) => hitRateLimit((i % 2 ? first : second).db, key, 10, 60_000)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(refused).toHaveLength(14);
    for (const o of refused) {
      expect(o.reason).toBeInstanceOf(AppError);
      expect(o.reason).toMatchObject({ status: 429, message: messages.server.tooManyRequests });
    }
    const [row] = await first.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, key));
    expect(row?.hits).toBe(24);
  });

  it('starts a new window once the window has passed', async () => {
    const key = `window:${crypto.randomUUID()}`;
    await hitRateLimit(first.db, key, 1, 1_000);
    await expect(hitRateLimit(second.db, key, 1, 1_000)).rejects.toMatchObject({ status: 429 });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await expect(hitRateLimit(second.db, key, 1, 1_000)).resolves.toBeUndefined();
    await expect(hitRateLimit(first.db, key, 1, 1_000)).rejects.toMatchObject({ status: 429 });
  });

  it('sweeps the counters whose window has ended', async () => {
    const live = `live:${crypto.randomUUID()}`;
    const ended = `ended:${crypto.randomUUID()}`;
    await hitRateLimit(first.db, live, 5, 60_000);
    await hitRateLimit(first.db, ended, 5, 60_000);
    await first.db
      .update(rateLimitCounters)
      .set({ resetsAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimitCounters.key, ended));
    await sweepRateLimitCounters(second.db);
    const keys = (await first.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((r) => r.key);
    expect(keys).toContain(live);
    expect(keys).not.toContain(ended);
  });
});

// Two whole apps need two processes' worth of database: PostgreSQL only (PGlite is single-process).
describe.runIf(process.env.TEST_DATABASE_URL)('rate limits across two apps on PostgreSQL', () => {
  it('the second app answers 429 once the first used up a route’s allowance', async () => {
    const one = await createTestApp();
    const two = await createTestApp({ DATABASE_URL: one.config.DATABASE_URL! });
    try {
      // The store country call allows 60 a minute per address.
      for (let i = 0; i < 60; i++) expect((await one.app.inject('/api/stores/country')).statusCode).toBe(200);
      const refused = await two.app.inject('/api/stores/country');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toBe(messages.server.tooManyRequests);
    } finally {
      await two.close();
      await one.close();
    }
  });
});
