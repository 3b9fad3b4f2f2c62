import { count, desc, or } from 'drizzle-orm';
import type { AuditLogRow } from '@rv/contracts/api/admin';
import type { Db } from '../../db/client';
import { adminAuditLog } from '../../db/schema';
import { answerList, emailContains, type AdminListOptions } from './admin-list';

type Action = AuditLogRow['action'];
const ACTIONS: readonly Action[] = ['reset-credits', 'grant-admin', 'revoke-admin', 'read-private-design'];

/** What an entry did, in words, from its stored details. */
function describe(action: Action, details: Record<string, unknown> | null): string {
  switch (action) {
    case 'reset-credits':
      return `Credits reset: ${String(details?.previousUsed ?? '?')} of ${String(details?.limit ?? '?')} used before`;
    case 'grant-admin':
      return 'Made an admin';
    case 'revoke-admin':
      return 'No longer an admin';
    case 'read-private-design':
      return `Read private design ${String(details?.designId ?? '?')} (${details?.via === 'file' ? 'a file' : 'its page'})`;
  }
}

/** The audit log, newest first: every admin's credit reset, role change and read of a private design (ADR 058). */
export async function listAuditLog(db: Db, options: AdminListOptions) {
  const actor = emailContains(adminAuditLog.actorEmail, options.q);
  const where = actor ? or(actor, emailContains(adminAuditLog.targetEmail, options.q)) : undefined;
  return answerList<AuditLogRow>(options, {
    count: async () => (await db.select({ n: count() }).from(adminAuditLog).where(where))[0]?.n ?? 0,
    rows: async (range) => {
      const query = db.select().from(adminAuditLog).where(where).orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id)).$dynamic();
      const rows = await (range ? query.limit(range.limit).offset(range.offset) : query);
      return rows.flatMap((row) => {
        const action = ACTIONS.find((known) => known === row.action);
        if (!action) return [];
        return [
          {
            id: row.id,
            email: row.actorEmail,
            targetEmail: row.targetEmail,
            createdAt: row.createdAt.toISOString(),
            action,
            detail: describe(action, row.details ?? null),
          },
        ];
      });
    },
  });
}
