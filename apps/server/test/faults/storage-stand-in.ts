import { eq } from 'drizzle-orm';
import { roomDesigns } from '../../src/db/schema';
import { DESIGN_TASK_QUEUE } from '../../src/jobs/design-task-job';
import { GENERATE_DESIGN_QUEUE } from '../../src/jobs/generate-design-job';
import { designResults } from '../design-results';
import { createTestApp } from '../test-app';
import { cleanFailureCheck, withoutRetryWaits } from './fault-fixtures';
import { startRefusingS3 } from './refusing-s3';

/**
 * The real app with the real S3 storage adapter against an S3 store that refuses what the test says
 * (`store.refuse`); the generation and design-task queues keep their retry counts but retry at once.
 */
export async function appWithRefusingStore() {
  const store = await startRefusingS3();
  const ctx = await createTestApp(store.env);
  await withoutRetryWaits(ctx.app.services.jobs, GENERATE_DESIGN_QUEUE, DESIGN_TASK_QUEUE);
  const db = ctx.app.services.database.db;
  return {
    ctx,
    store,
    /** The user's designs, each with its generated (and fixed) results in the results page's order. */
    designsOf: async (userId: string) => {
      const designs = await db.select().from(roomDesigns).where(eq(roomDesigns.userId, userId));
      return Promise.all(designs.map(async (design) => ({ ...design, generated: (await designResults(db, design.id)).generated })));
    },
    /** How many writes of matching keys the store refused. */
    refusedPuts: (match: (key: string) => boolean) => store.requests.filter((r) => r.refused && r.method === 'PUT' && match(r.key)).length,
    expectCleanFailure: cleanFailureCheck(
      () => ctx.app,
      () => store.keys(),
    ),
    async close() {
      await ctx.close();
      await store.close();
    },
  };
}
