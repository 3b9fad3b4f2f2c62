import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users } from '../../../db/schema';

/** Gives a reserved transformation back (a design that failed for good); never below zero. */
export async function refundCredit(db: Pick<Db, 'update'>, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ transformationsUsed: sql`greatest(${users.transformationsUsed} - 1, 0)` })
    .where(eq(users.id, userId));
}
