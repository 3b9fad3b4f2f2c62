import { eq } from 'drizzle-orm';
import { designImages, designTasks } from '../../../db/schema';
import type { Services } from '../../../services';
import { deleteAfterCommit } from '../../../jobs/discard-objects';
import { recordObjectDeletions } from '../../../storage/object-deletions';
import { resultThumbKey, taskResultKey } from '../images/design-files';

export const TASK_FAILED = {
  refine: 'Failed to refine design. Please try again.',
  fix: 'Failed to fix room. Please try again.',
} as const;

/**
 * A refinement or Fix Room run that failed for good: while its row is locked, it is marked failed with
 * the words the user sees (the engine's own, else the spec's text for its kind) and its stored output
 * that the design does not show is recorded for deletion, in one transaction; the deletion job removes
 * it after the commit, retrying until the store answers (ADR 033). A task already finished is left alone.
 */
export async function failDesignTask(services: Services, taskId: string, message?: string): Promise<void> {
  const discarded = await services.database.db.transaction(async (tx) => {
    const [task] = await tx.select().from(designTasks).where(eq(designTasks.id, taskId)).for('update');
    if (!task || task.status === 'done' || task.status === 'failed') return [];
    const shownImages = await tx
      .select({ key: designImages.key, thumbKey: designImages.thumbKey })
      .from(designImages)
      .where(eq(designImages.designId, task.designId));
    const shown = new Set(shownImages.flatMap((image) => [image.key, image.thumbKey]));
    const key = taskResultKey(task.designId, taskId, 1);
    await tx
      .update(designTasks)
      .set({ status: 'failed', statusText: 'Failed', error: message ?? TASK_FAILED[task.kind] })
      .where(eq(designTasks.id, taskId));
    const unshown = [key, resultThumbKey(key)].filter((k) => !shown.has(k));
    await recordObjectDeletions(tx, unshown);
    return unshown;
  });
  await deleteAfterCommit(services, discarded);
}
