import { count, desc } from 'drizzle-orm';
import type { AdminUserRow } from '@rv/contracts/api/admin';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { answerList, emailContains, type AdminListOptions } from './admin-list';

/** Every user, newest first: e-mail, usage, provider ids and subscription status. */
export async function listAdminUsers(db: Db, options: AdminListOptions) {
  const where = emailContains(users.email, options.q);
  return answerList<AdminUserRow>(options, {
    count: async () => (await db.select({ n: count() }).from(users).where(where))[0]?.n ?? 0,
    rows: async (range) => {
      const query = db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).$dynamic();
      const rows = await (range ? query.limit(range.limit).offset(range.offset) : query);
      return rows.map((user) => ({
        id: user.id,
        email: user.email,
        name: user.name,
        createdAt: user.createdAt.toISOString(),
        transformationsUsed: user.transformationsUsed,
        transformationsLimit: user.transformationsLimit,
        stripeCustomerId: user.stripeCustomerId,
        stripeSubscriptionId: user.stripeSubscriptionId,
        subscriptionStatus: user.subscriptionStatus,
      }));
    },
  });
}
