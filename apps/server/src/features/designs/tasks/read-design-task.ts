import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { designTasks } from '../../../db/schema';

/** The state of one refinement or Fix Room task, as its job last wrote it. */
export async function readDesignTask(db: Db, taskId: string) {
  const [task] = await db.select().from(designTasks).where(eq(designTasks.id, taskId));
  return task;
}
