import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, sessions, users, verifications } from '../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Ends everything that let anyone act as this account before a proof of its address, inside the
 * caller's transaction (which has already updated, and so locked, the user row): every session, the
 * password, requests still pending for the account (an e-mail change), and raises the account's session
 * generation, so a sign-in that checked its credential before this and writes its session after it
 * still gets a stale session (ADR 032). Answers the new generation.
 */
export async function endWhatCameBefore(tx: Tx, userId: string): Promise<number> {
  const [raised] = await tx
    .update(users)
    .set({ sessionGeneration: sql`${users.sessionGeneration} + 1` })
    .where(eq(users.id, userId))
    .returning({ generation: users.sessionGeneration });
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(accounts).where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  // Requests recorded for this account carry its id (an e-mail change); other values are left alone.
  await tx
    .delete(verifications)
    .where(sql`(case when ${verifications.value} like '{%' then (${verifications.value})::jsonb->>'userId' end) = ${userId}`);
  return raised!.generation;
}

export interface FirstProof {
  /** The account's session generation after the proof: the prover's session carries it. */
  generation: number;
  /** Stored files of the profile it cleared (avatar, StyleLens photos), to remove from storage. */
  clearedKeys: string[];
}

/**
 * The first proof of an account's address (a magic link opened, or Google saying it verified the
 * address) makes the prover its owner: every session and password made before it ends, with any request
 * still pending for the account (an e-mail change), so whoever typed that address at a checkout first
 * (a squatter) loses the account. What the unproven holder set on the profile (name, photo, location,
 * sign-in id, StyleLens) is cleared too, unless the proof is made in a browser signed in to the account
 * before it (`holderContinues`: the holder is the prover). The subscription stays (ADR 032).
 * Runs once per account: answers null when this was not the first proof.
 */
export async function recordFirstProof(db: Db, userId: string, options: { holderContinues: boolean }): Promise<FirstProof | null> {
  return db.transaction(async (tx) => {
    const [proven] = await tx
      .update(users)
      .set({ emailVerified: true, emailProvenAt: new Date() })
      .where(and(eq(users.id, userId), isNull(users.emailProvenAt)))
      .returning({ avatarKey: users.avatarKey, styleLens: users.styleLens });
    if (!proven) return null;
    const generation = await endWhatCameBefore(tx, userId);
    if (options.holderContinues) return { generation, clearedKeys: [] };
    await tx
      .update(users)
      .set({ name: '', image: null, avatarKey: null, location: null, firebaseUuid: null, styleLens: null, styleSaveStatus: false })
      .where(eq(users.id, userId));
    const clearedKeys = [...(proven.avatarKey ? [proven.avatarKey] : []), ...(proven.styleLens?.photoKeys ?? [])];
    return { generation, clearedKeys };
  });
}
