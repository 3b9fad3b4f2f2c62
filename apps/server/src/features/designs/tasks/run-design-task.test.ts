import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSeedPicture, seedDesign, type SeedPicture } from '../../../../test/seed-designs';
import { designTasks } from '../../../db/schema';
import type { Services } from '../../../services';
import { designResults } from '../../../../test/design-results';
import { createUser } from '../../../../test/fixtures';
import { createTestApp } from '../../../../test/test-app';
import { failDesignTask } from './fail-design-task';
import { runDesignTask } from './run-design-task';

/** A refinement or Fix Room run that another run failed while this one waited on the engine stays failed. */
describe('a design task overtaken by its failure', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let picture: SeedPicture;
  beforeAll(async () => {
    ctx = await createTestApp();
    picture = await makeSeedPicture({ width: 320, height: 240 });
  });
  afterAll(() => ctx.close());

  it('a Fix Room run that finishes after the task was failed adds nothing, stays failed and removes what it stored', async () => {
    const { db } = ctx.app.services.database;
    const { id: userId } = await createUser(db);
    const designId = await seedDesign(db, ctx.app.services.storage, picture, { userId });
    const before = (await designResults(db, designId)).all;
    const taskId = randomUUID();
    await db.insert(designTasks).values({ id: taskId, designId, userId, kind: 'fix', input: { baseKey: before[0]!.key } });
    const engine = ctx.app.services.imageEngine;
    const overtaken: Services = {
      ...ctx.app.services,
      imageEngine: {
        ...engine,
        fixArchitecture: async (input, options) => {
          await failDesignTask(ctx.app.services, taskId, 'It failed.');
          return engine.fixArchitecture(input, options);
        },
      },
    };

    await runDesignTask(overtaken, taskId);

    const [task] = await db.select().from(designTasks).where(eq(designTasks.id, taskId));
    expect(task).toMatchObject({ status: 'failed', error: 'It failed.' });
    expect((await designResults(db, designId)).all.map((image) => image.id)).toEqual(before.map((image) => image.id));
    const stored = await ctx.app.services.storage.get(`designs/${designId}/task-${taskId}-1.webp`);
    expect(stored).toBeFalsy();
  });
});
