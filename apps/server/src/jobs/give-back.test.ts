import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomJpeg } from '@rv/testing/test-rooms';
import { beginStop, startQueues } from '../composition-root';
import { roomDesigns, users } from '../db/schema';
import { EngineError, type ImageEngine } from '../engines/image-engine';
import { createDesign } from '../features/designs/creation/create-design';
import type { Services } from '../services';
import { createUser, plainBrief } from '../../test/fixtures';
import { createTestApp, eventually } from '../../test/test-app';
import { GENERATE_DESIGN_QUEUE } from './generate-design-job';
import { startJobQueue } from './job-queue';

/**
 * Issue 50: a worker asked to stop gives its job back (ADR 066). A worker whose engine call hangs (until its
 * signal ends it) is stopped: within half of SHUTDOWN_DEADLINE_MS its attempt is cut short and the job is
 * back in its queue as never started (no retry counted); another worker takes it and makes the design:
 * done once, charged once. The app only serves (no worker of its own); each worker is a job queue of its
 * own on the same database, as another process would be.
 */
describe('a stopping worker gives its job back', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp({}, { role: 'web' });
  });
  afterAll(() => ctx.close());

  async function worker(imageEngine: ImageEngine): Promise<Services> {
    const { services } = ctx.app;
    const jobs = await startJobQueue(services.database, services.log, { jobExpirySeconds: services.config.JOB_EXPIRY_SECONDS });
    const own: Services = { ...services, jobs, imageEngine, stopping: new AbortController() };
    await startQueues(own, { work: true, pollingIntervalSeconds: 0.5 });
    return own;
  }

  it('the design is done once, charged once, by the worker that took it next', async () => {
    const { db } = ctx.app.services.database;
    const { id: userId } = await createUser(db);
    const calls = { hanging: 0 };
    const hanging: ImageEngine = {
      ...ctx.app.services.imageEngine,
      redesign: (_input, options) => {
        calls.hanging += 1;
        return new Promise((_resolve, reject) =>
          options?.signal?.addEventListener('abort', () => reject(new EngineError('cut short', true))),
        );
      },
    };
    const first = await worker(hanging);
    const designId = await createDesign(ctx.app.services, {
      userId,
      tool: 'furnishing',
      brief: plainBrief('navy'),
      uploads: { room: { field: 'roomPhoto', filename: 'r.jpg', source: await roomJpeg({ width: 480, height: 360 }) }, items: [], inspiration: [] },
    });
    await eventually(async () => calls.hanging > 0, 20_000);

    const asked = Date.now();
    beginStop(first);
    await first.jobs.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
    // Half of the test app's SHUTDOWN_DEADLINE_MS (5 s), then the attempt ended and the job given back.
    expect(Date.now() - asked).toBeLessThan(5_000);
    const job = async () =>
      (
        await ctx.app.services.database.executeSql(`select state, retry_count from pgboss.job where name = $1 and singleton_key = $2`, [
          GENERATE_DESIGN_QUEUE,
          designId,
        ])
      ).rows as { state: string; retry_count: number }[];
    expect(await job()).toEqual([{ state: 'created', retry_count: 0 }]);
    expect((await db.select().from(roomDesigns).where(eq(roomDesigns.id, designId)))[0]).toMatchObject({ creditState: 'reserved' });

    const second = await worker(ctx.app.services.imageEngine);
    const done = await eventually(async () => {
      const [design] = await db.select().from(roomDesigns).where(eq(roomDesigns.id, designId));
      return design?.status === 'done' || design?.status === 'failed' ? design : undefined;
    }, 60_000);
    await second.jobs.stop({ graceful: true, wait: true, close: false, timeout: 5_000 });
    expect(done).toMatchObject({ status: 'done', creditState: 'committed' });
    expect(calls.hanging).toBe(1);
    expect((await job()).map((row) => row.state)).toEqual(['completed']);
    expect((await db.select().from(users).where(eq(users.id, userId)))[0]!.transformationsUsed).toBe(1);
    expect(await db.select().from(roomDesigns).where(eq(roomDesigns.userId, userId))).toHaveLength(1);
  }, 120_000);
});
