import { TIMEOUTS_MS } from '@rv/contracts/constants';
import { TASK_FAILED } from './fail-design-task';
import { AppError } from '../../../lib/app-error';
import type { DesignImageRow } from '../../../db/schema';
import type { Services } from '../../../services';
import { findOwnDesign } from '../find-own-design';
import { loadDesignImages } from '../load-design-images';
import { readDesignTask } from './read-design-task';
import { startDesignTask } from './start-design-task';
import { waitFor } from '../wait-for';

/**
 * Fix Room: restores the room's architecture in the design's first flagged result (or its first
 * generated one), as a new 'fixed' image after the others. Waits for the task (up to the spec's Fix
 * Room time); a failure is a 502 with the task's own words. Answers the new image's stored key and the
 * design's results afterwards, in the results page's order.
 */
export async function fixRoom(
  services: Services,
  input: { userId: string; designId: string },
): Promise<{ resultKey: string | undefined; images: DesignImageRow[] }> {
  const { db } = services.database;
  const design = await findOwnDesign(db, input.designId, input.userId);
  const generated = ((await loadDesignImages(db, [design.id])).get(design.id) ?? []).filter((image) => image.kind !== 'refined');
  const drifted = generated.find((image) => image.flagged) ?? generated[0];
  if (!drifted) throw new AppError('BAD_REQUEST', 'This design has no image to fix yet.');
  const taskId = await startDesignTask(services, {
    userId: input.userId,
    designId: design.id,
    input: { kind: 'fix', baseKey: drifted.key },
  });
  const task = await waitFor({
    read: () => readDesignTask(db, taskId),
    settled: (state) => state?.status === 'done' || state?.status === 'failed',
    until: Date.now() + TIMEOUTS_MS.fixRoom,
  });
  if (task?.status !== 'done') throw new AppError('BAD_GATEWAY', task?.error ?? TASK_FAILED.fix);
  return { resultKey: task.resultKeys[0], images: (await loadDesignImages(db, [design.id])).get(design.id) ?? [] };
}
