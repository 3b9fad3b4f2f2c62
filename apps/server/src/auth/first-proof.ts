import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, sessions, users, verifications } from '../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The account row (a linked sign-in) the proving sign-in itself used: it is the proof, so it stays. */
export interface ProvingSignIn {
  accountRowId: string;
}

/**
 * Ends every way anyone could act as this account before a proof of its address, inside the caller's
 * transaction (which has already updated, and so locked, the user row): every session, the password,
 * every linked sign-in (Google) but the one making this proof, and requests still pending for the
 * account (an e-mail change); raises the account's session generation, so a sign-in that checked its
 * credential before this and writes its session after it still gets a stale session (ADR 032). Only
 * access ends: what the account holds (profile, StyleLens, designs, subscription) stays (ADR 056).
 * When a password ended, the account remembers it (`passwordRemovedAt`) so the owner is told.
 * Answers the new generation.
 */
export async function endWhatCameBefore(tx: Tx, userId: string, proving?: ProvingSignIn): Promise<number> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  const ended = await tx
    .delete(accounts)
    .where(
      and(
        eq(accounts.userId, userId),
        proving ? or(eq(accounts.providerId, 'credential'), ne(accounts.id, proving.accountRowId)) : undefined,
      ),
    )
    .returning({ providerId: accounts.providerId, password: accounts.password });
  const passwordEnded = ended.some((account) => account.providerId === 'credential' && account.password !== null);
  // Requests recorded for this account carry its id (an e-mail change); other values are left alone.
  await tx
    .delete(verifications)
    .where(sql`(case when ${verifications.value} like '{%' then (${verifications.value})::jsonb->>'userId' end) = ${userId}`);
  const [raised] = await tx
    .update(users)
    .set({
      sessionGeneration: sql`${users.sessionGeneration} + 1`,
      ...(passwordEnded ? { passwordRemovedAt: new Date() } : {}),
    })
    .where(eq(users.id, userId))
    .returning({ generation: users.sessionGeneration });
  return raised!.generation;
}

/**
 * The first proof of an account's address (a magic link opened, or Google saying it verified the
 * address) makes the prover its owner: every session, password and linked sign-in made before it ends,
 * with any request still pending for the account (an e-mail change), so whoever typed that address at a
 * checkout first (a squatter) loses every way in. What the account holds stays: the person who proves
 * the address is, almost always, the person who paid and set it up (ADR 056).
 * Runs once per account: answers the new session generation, or null when this was not the first proof.
 */
export async function recordFirstProof(db: Db, userId: string, proving?: ProvingSignIn): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [proven] = await tx
      .update(users)
      .set({ emailVerified: true, emailProvenAt: new Date() })
      .where(and(eq(users.id, userId), isNull(users.emailProvenAt)))
      .returning({ id: users.id });
    if (!proven) return null;
    return endWhatCameBefore(tx, userId, proving);
  });
}
