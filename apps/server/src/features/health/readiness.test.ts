import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loseDatabase } from '../../../test/faults/fault-fixtures';
import { createTestApp } from '../../../test/test-app';

describe('readiness (GET /api/ready), apart from liveness (GET /api/health)', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  }, 120_000);
  afterAll(() => ctx.close());

  it('answers 200 when the database and the job queue answer', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'ok', queue: 'ok' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers 503 naming the database once the database cannot be reached', async () => {
    await loseDatabase(ctx.app);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', database: 'unreachable' });
  });
});
