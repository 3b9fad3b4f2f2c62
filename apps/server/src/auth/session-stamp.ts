import { AsyncLocalStorage } from 'node:async_hooks';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';

/**
 * The generation a sign-in read before it checked its credential (ADR 032). better-auth writes the
 * session later, after the password check or our own return-page decision; the session hook stamps the
 * session with this value, not with the generation of the moment it is written, so a first proof that
 * lands in between (and raises the user's generation) leaves that session stale: refused on every read.
 * Sign-ins that carry a stamp never count as a proof of the address themselves.
 */
export interface SessionStamp {
  userId: string;
  generation: number;
}

const stamps = new AsyncLocalStorage<SessionStamp>();

/** Runs a sign-in whose sessions are stamped with `stamp` (read before its credential was checked). */
export function withSessionStamp<T>(stamp: SessionStamp, signIn: () => Promise<T>): Promise<T> {
  return stamps.run(stamp, signIn);
}

/** The stamp of the sign-in running now for this user, if any. */
export function sessionStampFor(userId: string): SessionStamp | undefined {
  const stamp = stamps.getStore();
  return stamp?.userId === userId ? stamp : undefined;
}

/** The user's current generation, by e-mail (null when there is no such account). */
export async function stampOfEmail(db: Db, email: string): Promise<SessionStamp | null> {
  const [user] = await db.select({ userId: users.id, generation: users.sessionGeneration }).from(users).where(eq(users.email, email));
  return user ?? null;
}

/** The user's current generation. */
export async function currentGeneration(db: Db, userId: string): Promise<number | null> {
  const [user] = await db.select({ generation: users.sessionGeneration }).from(users).where(eq(users.id, userId));
  return user?.generation ?? null;
}

/** Removes the user's sessions a proof made stale (they are refused on read anyway; this keeps the table honest). */
export async function deleteStaleSessions(db: Db, userId: string, generation: number): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.generation, generation)));
}
