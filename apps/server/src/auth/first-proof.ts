import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, sessions, users, verifications } from '../db/schema';

/**
 * The first proof of an account's address (a magic link opened, or Google saying it verified the
 * address) makes the prover its owner: every session and password made before it ends, with any request
 * still pending for the account (an e-mail change), so whoever typed that address at a checkout first
 * (a squatter) loses the account. Runs once per account: answers whether this was the first proof.
 */
export async function recordFirstProof(db: Db, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [proven] = await tx
      .update(users)
      .set({ emailVerified: true, emailProvenAt: new Date() })
      .where(and(eq(users.id, userId), isNull(users.emailProvenAt)))
      .returning({ id: users.id });
    if (!proven) return false;
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(accounts).where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
    // Requests recorded for this account carry its id (an e-mail change); other values are left alone.
    await tx
      .delete(verifications)
      .where(sql`(case when ${verifications.value} like '{%' then (${verifications.value})::jsonb->>'userId' end) = ${userId}`);
    return true;
  });
}
