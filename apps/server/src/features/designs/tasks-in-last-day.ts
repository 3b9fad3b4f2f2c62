import { sql } from 'drizzle-orm';
import { designTasks } from '../../db/schema';
import type { Services } from '../../services';

/** Refinements and Fix Room cost no credit, within a fair-use cap per day. */
export const FAIR_USE_TASKS_PER_DAY = 100;
export async function tasksInLastDay(services: Services, userId: string): Promise<number> {
  const [row] = await services.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(designTasks)
    .where(sql`${designTasks.userId} = ${userId} and ${designTasks.createdAt} > now() - interval '1 day'`);
  return row?.n ?? 0;
}
