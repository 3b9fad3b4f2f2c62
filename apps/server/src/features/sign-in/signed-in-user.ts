import { eq } from 'drizzle-orm';
import { messages } from '@rv/contracts/messages';
import { hasToolAccess } from '../../auth/session-guard';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Services } from '../../services';

/** A sign-in that worked: the cookies better-auth set (for the reply) and the spec's user answer. */
export interface SignedIn {
  headers: Headers;
  user: { email: string; name: string; hasToolAccess: boolean };
}

/** The spec's user answer after a sign-in, from the account's row. */
export async function signedInUser(services: Services, email: string): Promise<SignedIn['user']> {
  const [user] = await services.database.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new AppError('NOT_FOUND', messages.auth.userNotFound);
  return { email: user.email, name: user.name, hasToolAccess: hasToolAccess(user) };
}
