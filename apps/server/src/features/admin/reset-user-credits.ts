import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminAuditLog, users } from '../../db/schema';
import { messages } from '@rv/contracts/messages';
import { AppError } from '../../lib/app-error';

export const USER_NOT_FOUND = 'No user with that e-mail.';

/**
 * Sets a user's used transformations back to 0 and writes who did it, to whom and when to the audit
 * log, in one transaction. Answers the credits the user now has.
 */
export async function resetUserCredits(db: Db, input: { actorEmail: string; targetEmail: string }) {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, used: users.transformationsUsed, limit: users.transformationsLimit })
      .from(users)
      .where(eq(users.email, input.targetEmail))
      .for('update');
    if (!user) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
    // An admin's power is bounded: unlimited designs for oneself would need nobody else's eyes (ADR 058).
    if (user.email === input.actorEmail) throw new AppError('FORBIDDEN', messages.admin.cannotResetOwnCredits);
    await tx.update(users).set({ transformationsUsed: 0 }).where(eq(users.id, user.id));
    await tx.insert(adminAuditLog).values({
      id: randomUUID(),
      actorEmail: input.actorEmail,
      targetEmail: user.email,
      action: 'reset-credits',
      details: { previousUsed: user.used, limit: user.limit },
    });
    return { email: user.email, creditsRemaining: user.limit };
  });
}
