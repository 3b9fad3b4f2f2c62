import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hasToolAccess, NO_TOOL_ACCESS } from '../../../auth/session-guard';
import { designTasks, users } from '../../../db/schema';
import { enqueueDesignTask } from '../../../jobs/design-task-job';
import { FAIR_USE_TASKS_PER_DAY, recordFairUse, tasksInLastDay } from './tasks-in-last-day';
import { AppError } from '../../../lib/app-error';
import type { Services } from '../../../services';
import type { StoredTaskInput } from '../../../db/row-types';

export const FAIR_USE = 'You have made a lot of changes today. Please try again tomorrow.';

/**
 * Starts a refinement or a Fix Room run (no credit, within the fair-use cap per day): its row, then its
 * job. Answers its id; 403 without tool access, 429 at the cap.
 *
 * The check and the insert are one step: in one transaction the user's row is locked, tool access is
 * checked again on that locked row (a subscription cancelled since the route's check counts), the last
 * day's runs are counted (the fair-use ledger, which outlives designs) and the task and its ledger row
 * inserted. Every start of the same user waits for the lock, and
 * under READ COMMITTED each statement takes a new snapshot, so the count after the lock sees every task
 * the previous holder committed: N parallel requests at the cap pass exactly what is left.
 * The lock is SELECT ... FOR NO KEY UPDATE: it excludes the other starts (and every update of the row, a
 * cancellation included) like FOR UPDATE, but lets foreign-key checks on the user through (FOR KEY SHARE).
 * With FOR UPDATE, a finishing task that holds the design row (add-design-results.ts) and inserts an image
 * naming the user would wait for us while our insert's check on the design waits for it: a deadlock.
 * A single `INSERT ... SELECT ... WHERE (SELECT count(*) ...) < cap` is NOT enough under READ COMMITTED:
 * the count subquery reads the snapshot taken when the statement starts and does not see rows other
 * transactions insert but have not committed yet (there is no row to lock or conflict on), so concurrent
 * statements all count the same number and all insert, past the cap.
 */
export async function startDesignTask(
  services: Services,
  input: { userId: string; designId: string; input: StoredTaskInput },
): Promise<string> {
  const taskId = randomUUID();
  await services.database.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ subscriptionStatus: users.subscriptionStatus })
      .from(users)
      .where(eq(users.id, input.userId))
      .for('no key update');
    if (!user || !hasToolAccess(user)) throw new AppError('FORBIDDEN', NO_TOOL_ACCESS);
    if ((await tasksInLastDay(tx, input.userId)) >= FAIR_USE_TASKS_PER_DAY) throw new AppError('TOO_MANY_REQUESTS', FAIR_USE);
    await tx
      .insert(designTasks)
      .values({ id: taskId, designId: input.designId, userId: input.userId, kind: input.input.kind, input: input.input });
    await recordFairUse(tx, { taskId, userId: input.userId, kind: input.input.kind });
  });
  await enqueueDesignTask(services.jobs, taskId);
  return taskId;
}
