import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminAuditLog, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { USER_NOT_FOUND } from './reset-user-credits';

/**
 * Grants or revokes the admin role (the operator command), written to the audit log. Answers whether
 * anything changed. The role is read from the database on every admin call, so it applies at once.
 */
export async function setAdminRole(db: Db, input: { actor: string; email: string; admin: boolean }): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, role: users.role })
      .from(users)
      .where(eq(users.email, input.email))
      .for('update');
    if (!user) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
    const role = input.admin ? 'admin' : 'user';
    if (user.role === role) return { changed: false };
    await tx.update(users).set({ role }).where(eq(users.id, user.id));
    await tx.insert(adminAuditLog).values({
      id: randomUUID(),
      actorEmail: input.actor,
      targetEmail: user.email,
      action: input.admin ? 'grant-admin' : 'revoke-admin',
      details: { previousRole: user.role },
    });
    return { changed: true };
  });
}
