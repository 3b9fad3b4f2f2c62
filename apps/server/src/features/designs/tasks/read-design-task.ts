import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { designImages, designTasks } from '../../../db/schema';

/** The state of one refinement or Fix Room task, as its job last wrote it. */
export async function readDesignTask(db: Db, taskId: string) {
  const [task] = await db.select().from(designTasks).where(eq(designTasks.id, taskId));
  return task;
}

/** A task (refinement or Fix Room) of the caller's own design, by its id; undefined when it is not theirs or not of that design. */
export async function readOwnTask(db: Db, input: { userId: string; designId: string; taskId: string }) {
  const [task] = await db
    .select({ id: designTasks.id, kind: designTasks.kind })
    .from(designTasks)
    .where(and(eq(designTasks.id, input.taskId), eq(designTasks.designId, input.designId), eq(designTasks.userId, input.userId)));
  return task;
}

/** The id of the image a finished task added to its design (found by its stored key); undefined once deleted. */
export async function resultImageId(db: Db, designId: string, key: string | undefined) {
  if (!key) return undefined;
  const [image] = await db
    .select({ id: designImages.id })
    .from(designImages)
    .where(and(eq(designImages.designId, designId), eq(designImages.key, key)));
  return image?.id;
}
