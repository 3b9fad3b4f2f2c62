import { eq } from 'drizzle-orm';
import { designImages, designTasks } from '../../db/schema';
import type { Services } from '../../services';
import { deleteObjects } from '../../storage/delete-objects';
import { resultThumbKey } from './design-files';

export const TASK_FAILED = {
  refine: 'Failed to refine design. Please try again.',
  fix: 'Failed to fix room. Please try again.',
} as const;

/**
 * A refinement or Fix Room run that failed for good: marked failed with the words the user sees (the
 * engine's own, else the spec's text for its kind), and
 * its stored output that the design does not show is removed. A task already finished is left alone.
 */
export async function failDesignTask(services: Services, taskId: string, message?: string): Promise<void> {
  const { db } = services.database;
  const [task] = await db.select().from(designTasks).where(eq(designTasks.id, taskId));
  if (!task || task.status === 'done' || task.status === 'failed') return;
  await db
    .update(designTasks)
    .set({ status: 'failed', statusText: 'Failed', error: message ?? TASK_FAILED[task.kind] })
    .where(eq(designTasks.id, taskId));
  const shownImages = await db
    .select({ key: designImages.key, thumbKey: designImages.thumbKey })
    .from(designImages)
    .where(eq(designImages.designId, task.designId));
  const shown = new Set(shownImages.flatMap((image) => [image.key, image.thumbKey]));
  const key = `designs/${task.designId}/task-${taskId}-1.webp`;
  await deleteObjects(
    services.storage,
    [key, resultThumbKey(key)].filter((k) => !shown.has(k)),
  );
}
