import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designTasks, roomDesigns, users } from '../db/schema';
import { reserveCredit } from '../features/designs/creation/reserve-credit';
import { createUser, plainBrief } from '../../test/fixtures';
import { createTestApp, eventually } from '../../test/test-app';
import { TASK_FAILED } from '../features/designs/tasks/fail-design-task';
import { DESIGN_TASK_FAILED_QUEUE, DESIGN_TASK_QUEUE } from './design-task-job';
import { GENERATE_DESIGN_FAILED_QUEUE, GENERATE_DESIGN_QUEUE, GENERATION_FAILED } from './generate-design-job';
import { maintenanceIntervalSeconds } from './job-queue';

const brief = plainBrief('terracotta');

/**
 * A worker that dies (SIGKILL, lost machine) leaves its job 'active'. pg-boss expires it after
 * JOB_EXPIRY_SECONDS and retries it; on the last attempt it fails it into the dead-letter queue, whose
 * worker fails the design and refunds its credit (or fails the refinement), so nothing stays 'running'.
 * The cluster test kills real workers; this covers the last attempt, which it has no time for.
 */
describe('a job whose worker died on its last attempt', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp({ JOB_EXPIRY_SECONDS: '5' });
  });
  afterAll(() => ctx.close());

  const db = () => ctx.app.services.database.db;

  /** Queues a job that no worker takes yet, then leaves it as a worker that died on its last attempt would. */
  async function abandonedJob(queue: string, data: object, key: string) {
    const { jobs, database } = ctx.app.services;
    await jobs.send(queue, data, { singletonKey: key, startAfter: new Date(Date.now() + 3_600_000) });
    await database.executeSql(
      `update pgboss.job set state = 'active', retry_count = retry_limit, started_on = now() - interval '1 minute'
       where name = $1 and singleton_key = $2`,
      [queue, key],
    );
  }

  it('configures the queues from JOB_EXPIRY_SECONDS, with a dead-letter queue each', async () => {
    for (const [queue, deadLetter] of [
      [GENERATE_DESIGN_QUEUE, GENERATE_DESIGN_FAILED_QUEUE],
      [DESIGN_TASK_QUEUE, DESIGN_TASK_FAILED_QUEUE],
    ] as const) {
      expect(await ctx.app.services.jobs.getQueue(queue)).toMatchObject({ expireInSeconds: 5, deadLetter, retryLimit: 2 });
    }
    expect(maintenanceIntervalSeconds(5)).toBe(1);
    expect(maintenanceIntervalSeconds(300)).toBe(60);
  });

  it('a generation: the design is failed and its credit refunded, once', async () => {
    const { id: userId } = await createUser(db(), { transformationsUsed: 3 });
    const designId = `lost-${userId.slice(0, 8)}`;
    const image = { key: `designs/${designId}/original.webp`, thumbKey: `designs/${designId}/original-thumb.webp`, width: 8, height: 6 };
    await db().transaction(async (tx) => {
      await reserveCredit(tx, userId);
      await tx.insert(roomDesigns).values({ id: designId, userId, tool: 'furnishing', brief, original: image, status: 'running' });
    });
    const used = async () => (await db().select().from(users).where(eq(users.id, userId)))[0]!.transformationsUsed;
    expect(await used()).toBe(4);

    await abandonedJob(GENERATE_DESIGN_QUEUE, { designId }, designId);
    const failed = await eventually(async () => {
      const [design] = await db().select().from(roomDesigns).where(eq(roomDesigns.id, designId));
      return design?.status === 'failed' ? design : undefined;
    }, 20_000);
    expect(failed).toMatchObject({ creditState: 'refunded', error: GENERATION_FAILED });
    expect(await used()).toBe(3);
  });

  it('a refinement: the task is failed, so its stream ends with an error', async () => {
    const { id: userId } = await createUser(db());
    const designId = `lost-task-${userId.slice(0, 8)}`;
    const image = { key: `designs/${designId}/original.webp`, thumbKey: `designs/${designId}/original-thumb.webp`, width: 8, height: 6 };
    await db().insert(roomDesigns).values({ id: designId, userId, tool: 'furnishing', brief, original: image, status: 'done' });
    const taskId = crypto.randomUUID();
    await db()
      .insert(designTasks)
      .values({
        id: taskId,
        designId,
        userId,
        kind: 'refine',
        input: { kind: 'refine', tweakText: 'greener', scope: 'tweak', tweakKeys: [] },
        status: 'running',
      });

    await abandonedJob(DESIGN_TASK_QUEUE, { taskId }, taskId);
    const failed = await eventually(async () => {
      const [task] = await db().select().from(designTasks).where(eq(designTasks.id, taskId));
      return task?.status === 'failed' ? task : undefined;
    }, 20_000);
    expect(failed.error).toBe(TASK_FAILED.refine);
  });
});
