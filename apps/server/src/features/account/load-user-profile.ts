import { and, eq, isNotNull } from 'drizzle-orm';
import type { UserRow } from '../../auth/session-guard';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema';
import { toUserProfile } from './user-profile';

/** The profile (docs/product-rules.md#profile) as GET /api/user-profile answers it, with whether the account has a password. */
export async function loadUserProfile(db: Db, user: UserRow) {
  const [credential] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential'), isNotNull(accounts.password)));
  return toUserProfile(user, { hasPassword: Boolean(credential) });
}
