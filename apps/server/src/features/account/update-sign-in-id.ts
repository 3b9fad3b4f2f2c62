import { and, eq, ne } from 'drizzle-orm';
import { accounts, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Services } from '../../services';
import type { UserRow } from '../../auth/session-guard';

/**
 * Records the caller's own sign-in identity id (the profile's firebaseUUID keeps that role): the
 * credential/OAuth account id of the signed-in user, or their user id. It can never touch another user.
 */
export async function updateSignInId(services: Services, user: UserRow, input: { userEmail: string; firebaseUUID: string }): Promise<void> {
  const { db } = services.database;
  if (input.userEmail !== user.email) throw new AppError('FORBIDDEN', 'You can only update your own account.');
  const [owned] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, user.id), eq(accounts.accountId, input.firebaseUUID)));
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.firebaseUuid, input.firebaseUUID), ne(users.id, user.id)));
  if (taken) throw new AppError('CONFLICT', 'That sign-in id belongs to another account.');
  if (!owned && input.firebaseUUID !== user.id) throw new AppError('FORBIDDEN', 'That sign-in id is not one of yours.');
  await db.update(users).set({ firebaseUuid: input.firebaseUUID }).where(eq(users.id, user.id));
}
