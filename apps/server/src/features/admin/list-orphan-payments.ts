import { count, desc } from 'drizzle-orm';
import type { OrphanPaymentRow } from '@rv/contracts/api/admin';
import type { Db } from '../../db/client';
import { orphanPayments } from '../../db/schema';
import { answerList, emailContains, type AdminListOptions } from './admin-list';

/** Payments that made no account (ADR 055), newest first: each refunded, or why its refund has not gone through. */
export async function listOrphanPayments(db: Db, options: AdminListOptions) {
  const where = emailContains(orphanPayments.email, options.q);
  return answerList<OrphanPaymentRow>(options, {
    count: async () => (await db.select({ n: count() }).from(orphanPayments).where(where))[0]?.n ?? 0,
    rows: async (range) => {
      const query = db
        .select()
        .from(orphanPayments)
        .where(where)
        .orderBy(desc(orphanPayments.createdAt), desc(orphanPayments.id))
        .$dynamic();
      const rows = await (range ? query.limit(range.limit).offset(range.offset) : query);
      return rows.map((row) => ({
        id: row.id,
        email: row.email,
        customerId: row.customerId,
        createdAt: row.createdAt.toISOString(),
        refundedAt: row.refundedAt?.toISOString() ?? null,
        refundError: row.refundError,
      }));
    },
  });
}
