import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { AccountPasswordBody } from '@rv/contracts/api/account';
import { messages } from '@rv/contracts/messages';
import { countPasswordCheck } from '../../auth/password-attempts';
import { hashPassword, verifyPassword } from '../../auth/password-hash';
import type { UserRow } from '../../auth/session-guard';
import { accounts, sessions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Services } from '../../services';

/**
 * The Account page's password (ADR 029): sets one for an account without a password, or changes it
 * (the current one checked, counted with the sign-in's checks). Only an account whose address is
 * proven may set a password it does not have: a password made before the first proof would be ended
 * by it (auth/first-proof.ts, ADR 023), so none is made. The hash is stored as better-auth stores a
 * password (the user's `credential` account, our scrypt), and every other session of the account ends
 * in the same transaction; the caller's own session stays.
 *
 * The user row is locked first, as the first proof locks it by updating it: the two never interleave,
 * and a password that changed since it was checked (a proof ended it, or another change) is refused.
 */
export async function setAccountPassword(
  services: Services,
  signedIn: { user: UserRow; sessionId: string },
  input: AccountPasswordBody,
): Promise<{ changed: boolean }> {
  const { db } = services.database;
  const { user, sessionId } = signedIn;
  const [credential] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')));
  const current = credential?.password ?? null;
  if (current === null) {
    if (!user.emailProvenAt) throw new AppError('FORBIDDEN', messages.password.confirmEmailFirst);
  } else {
    if (input.currentPassword === undefined) throw new AppError('BAD_REQUEST', messages.password.currentRequired);
    await countPasswordCheck(db, user.email);
    if (!(await verifyPassword({ hash: current, password: input.currentPassword }))) {
      throw new AppError('FORBIDDEN', messages.password.currentWrong);
    }
  }
  const hash = await hashPassword(input.newPassword, services.config.PASSWORD_HASH_COST);
  await db.transaction(async (tx) => {
    const [locked] = await tx.select({ emailProvenAt: users.emailProvenAt }).from(users).where(eq(users.id, user.id)).for('update');
    if (!locked) throw new AppError('UNAUTHORIZED', messages.auth.pleaseLogIn);
    const [row] = await tx
      .select({ id: accounts.id, password: accounts.password })
      .from(accounts)
      .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')))
      .for('update');
    if ((row?.password ?? null) !== current) throw new AppError('CONFLICT', messages.password.changedMeanwhile);
    if (current === null && !locked.emailProvenAt) throw new AppError('FORBIDDEN', messages.password.confirmEmailFirst);
    if (row) await tx.update(accounts).set({ password: hash, updatedAt: new Date() }).where(eq(accounts.id, row.id));
    else
      await tx.insert(accounts).values({ id: randomUUID(), userId: user.id, accountId: user.id, providerId: 'credential', password: hash });
    await tx.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.id, sessionId)));
    await tx.update(users).set({ passwordRemovedAt: null }).where(eq(users.id, user.id));
  });
  return { changed: current !== null };
}
