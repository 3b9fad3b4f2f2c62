import { TIMEOUTS_MS } from '@rv/contracts/constants';
import { AppError } from '../../../lib/app-error';
import type { DesignImageRow } from '../../../db/schema';
import type { Services } from '../../../services';
import { loadDesignImages } from '../load-design-images';
import { TASK_FAILED } from '../tasks/fail-design-task';
import { startFixRoom } from '../tasks/fix-room';
import { readDesignTask } from '../tasks/read-design-task';
import { waitFor } from '../wait-for';

/**
 * The spec's Fix Room (POST /api/room-design/fix-room): starts it and waits for its task, up to the spec's
 * Fix Room time, for the spec's clients only (our web app starts it and follows its events, ADR 066); a
 * failure is a 502 with the task's own words. Answers the new image's stored key and the design's results
 * afterwards, in the results page's order.
 */
export async function fixRoomAndWait(
  services: Services,
  input: { userId: string; designId: string },
): Promise<{ resultKey: string | undefined; images: DesignImageRow[] }> {
  const { db } = services.database;
  const taskId = await startFixRoom(services, input);
  const task = await waitFor({
    read: () => readDesignTask(db, taskId),
    settled: (state) => state?.status === 'done' || state?.status === 'failed',
    until: Date.now() + TIMEOUTS_MS.fixRoom,
  });
  if (task?.status !== 'done') throw new AppError('BAD_GATEWAY', task?.error ?? TASK_FAILED.fix);
  return { resultKey: task.resultKeys[0], images: (await loadDesignImages(db, [input.designId])).get(input.designId) ?? [] };
}
