import { eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSeedPicture, seedDesign, type SeedPicture } from '../../../../test/seed-designs';
import { designTasks } from '../../../db/schema';
import type { Services } from '../../../services';
import { designResults } from '../../../../test/design-results';
import { createUser } from '../../../../test/fixtures';
import { createTestApp } from '../../../../test/test-app';
import { designTaskInput, type DesignTaskInput } from '@rv/contracts/design-task-input';
import { failDesignTask, TASK_FAILED } from './fail-design-task';
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
    await db.insert(designTasks).values({ id: taskId, designId, userId, kind: 'fix', input: { kind: 'fix', baseKey: before[0]!.key } });
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

/** A task's input is stored as one shape per kind and read back through its schema (ADR 044). */
describe("a design task's stored input", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let picture: SeedPicture;
  beforeAll(async () => {
    ctx = await createTestApp();
    picture = await makeSeedPicture({ width: 320, height: 240 });
  });
  afterAll(() => ctx.close());

  async function aDesign() {
    const { db } = ctx.app.services.database;
    const { id: userId } = await createUser(db);
    const designId = await seedDesign(db, ctx.app.services.storage, picture, { userId });
    return { userId, designId, base: (await designResults(db, designId)).all[0]!.key };
  }

  it('each kind comes back from the database as it was written, and its schema reads it', async () => {
    const { db } = ctx.app.services.database;
    const { userId, designId, base } = await aDesign();
    const inputs: DesignTaskInput[] = [
      {
        kind: 'refine',
        tweakText: 'a green sofa',
        scope: 'transform',
        baseKey: base,
        tweakKeys: ['designs/x/tweak-1.webp'],
        maskKey: 'designs/x/mask.png',
      },
      { kind: 'refine', tweakText: 'warmer', scope: 'tweak', tweakKeys: [] },
      { kind: 'fix', baseKey: base },
    ];
    for (const input of inputs) {
      const id = randomUUID();
      await db.insert(designTasks).values({ id, designId, userId, kind: input.kind, input });
      const [row] = await db.select().from(designTasks).where(eq(designTasks.id, id));
      expect(row!.kind).toBe(input.kind);
      expect(designTaskInput.parse(row!.input)).toEqual(input);
    }
  });

  it("the database refuses an input whose kind is not the row's", async () => {
    const { db } = ctx.app.services.database;
    const { userId, designId, base } = await aDesign();
    await expect(
      db.insert(designTasks).values({ id: randomUUID(), designId, userId, kind: 'refine', input: { kind: 'fix', baseKey: base } }),
    ).rejects.toThrow();
  });

  it('a stored input that is not a shape of its kind fails the task with its words, before any engine is asked', async () => {
    const { db } = ctx.app.services.database;
    const { userId, designId } = await aDesign();
    const taskId = randomUUID();
    // Written around the types, as a hand edit or an old row might be: a refinement without its words, scope or photos.
    await db.execute(
      sql`insert into design_tasks (id, design_id, user_id, kind, input) values (${taskId}, ${designId}, ${userId}, 'refine', ${JSON.stringify({ kind: 'refine' })}::jsonb)`,
    );
    let asked = false;
    const engine = ctx.app.services.imageEngine;
    const watched: Services = {
      ...ctx.app.services,
      imageEngine: { ...engine, refine: async (input, options) => ((asked = true), engine.refine(input, options)) },
    };

    await expect(runDesignTask(watched, taskId)).rejects.toMatchObject({
      name: 'EngineError',
      message: TASK_FAILED.refine,
      retryable: false,
    });
    expect(asked).toBe(false);
  });
});
