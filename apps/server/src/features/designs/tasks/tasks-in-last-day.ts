import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { designTasks } from '../../../db/schema';

/** Refinements and Fix Room cost no credit, within a fair-use cap per day. */
export const FAIR_USE_TASKS_PER_DAY = 100;

/** How many refinements and Fix Room runs the user started in the last 24 hours (read through `db`, a transaction's too). */
export async function tasksInLastDay(db: Pick<Db, 'select'>, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(designTasks)
    .where(sql`${designTasks.userId} = ${userId} and ${designTasks.createdAt} > now() - interval '1 day'`);
  return row?.n ?? 0;
}
