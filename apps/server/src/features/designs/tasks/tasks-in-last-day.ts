import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { fairUseLedger } from '../../../db/schema';
import type { DesignTaskKind } from '@rv/contracts/domain';

/** Refinements and Fix Room cost no credit, within a fair-use cap per day. */
export const FAIR_USE_TASKS_PER_DAY = 100;

/**
 * How many refinements and Fix Room runs the user started in the last 24 hours (read through `db`, a
 * transaction's too), from the fair-use ledger: deleting a design, an image or its tasks does not lower it.
 */
export async function tasksInLastDay(db: Pick<Db, 'select'>, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(fairUseLedger)
    .where(sql`${fairUseLedger.userId} = ${userId} and ${fairUseLedger.createdAt} > now() - interval '1 day'`);
  return row?.n ?? 0;
}

/** Records one run in the fair-use ledger; called in the transaction that inserts its task (start-design-task.ts). */
export async function recordFairUse(db: Pick<Db, 'insert'>, run: { taskId: string; userId: string; kind: DesignTaskKind }): Promise<void> {
  await db.insert(fairUseLedger).values({ id: run.taskId, userId: run.userId, kind: run.kind });
}
