import { randomUUID } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { UserRow } from '../../../auth/session-guard';
import type { Db } from '../../../db/client';
import { adminAuditLog, users } from '../../../db/schema';

/** Reads of one design by one admin within this long are one entry: a page and its images are one read. */
const ONE_READ_MS = 10 * 60 * 1000;

/**
 * Records an admin's read of a design that is neither theirs nor public (its page, its call, one of its
 * files) in the audit log, at most once per admin, design and ten minutes (ADR 058). Nothing is recorded
 * for anyone else's read: an owner reads their own, a visitor only what is public.
 */
export async function recordAdminRead(
  db: Db,
  viewer: UserRow | null,
  design: { id: string; userId: string; isPublic: boolean },
  via: 'page' | 'file',
): Promise<void> {
  if (viewer?.role !== 'admin' || design.userId === viewer.id || design.isPublic) return;
  const [recent] = await db
    .select({ id: adminAuditLog.id })
    .from(adminAuditLog)
    .where(
      and(
        eq(adminAuditLog.actorEmail, viewer.email),
        eq(adminAuditLog.action, 'read-private-design'),
        sql`${adminAuditLog.details}->>'designId' = ${design.id}`,
        gt(adminAuditLog.createdAt, new Date(Date.now() - ONE_READ_MS)),
      ),
    )
    .limit(1);
  if (recent) return;
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, design.userId));
  await db.insert(adminAuditLog).values({
    id: randomUUID(),
    actorEmail: viewer.email,
    targetEmail: owner?.email ?? 'unknown',
    action: 'read-private-design',
    details: { designId: design.id, via },
  });
}
