import { randomUUID } from 'node:crypto';
import { designTasks } from '../../db/schema';
import { enqueueDesignTask } from '../../jobs/design-task-job';
import { FAIR_USE_TASKS_PER_DAY, tasksInLastDay } from './tasks-in-last-day';
import { AppError } from '../../lib/app-error';
import type { Services } from '../../services';

export const FAIR_USE = 'You have made a lot of changes today. Please try again tomorrow.';

/** Starts a refinement or a Fix Room run (no credit, within the fair-use cap per day): its row, then its job. Answers its id. */
export async function startDesignTask(
  services: Services,
  input: { userId: string; designId: string; kind: 'refine' | 'fix'; input: (typeof designTasks.$inferInsert)['input'] },
): Promise<string> {
  if ((await tasksInLastDay(services, input.userId)) >= FAIR_USE_TASKS_PER_DAY) throw new AppError('TOO_MANY_REQUESTS', FAIR_USE);
  const taskId = randomUUID();
  await services.database.db
    .insert(designTasks)
    .values({ id: taskId, designId: input.designId, userId: input.userId, kind: input.kind, input: input.input });
  await enqueueDesignTask(services.jobs, taskId);
  return taskId;
}
