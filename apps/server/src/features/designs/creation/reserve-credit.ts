import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';

export const NO_CREDITS_MESSAGE = "You've used all your room transformations for this billing period.";

/**
 * Reserves one transformation with a single conditional update (used < limit), so concurrent requests
 * can never spend more than the user has. Answers the credits remaining; 402 when none is left.
 */
export async function reserveCredit(db: Pick<Db, 'update'>, userId: string): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ transformationsUsed: sql`${users.transformationsUsed} + 1` })
    .where(and(eq(users.id, userId), lt(users.transformationsUsed, users.transformationsLimit)))
    .returning({ used: users.transformationsUsed, limit: users.transformationsLimit });
  if (!row) throw new AppError('PAYMENT_REQUIRED', NO_CREDITS_MESSAGE);
  return row.limit - row.used;
}
