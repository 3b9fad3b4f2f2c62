import { eq } from 'drizzle-orm';
import { messages } from '@rv/contracts/messages';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Services } from '../../services';

/** Whether an account has this e-mail, and when it last asked for a sign-in link. */
export async function checkUser(services: Services, email: string) {
  const [user] = await services.database.db
    .select({ signinRequestedAt: users.signinRequestedAt })
    .from(users)
    .where(eq(users.email, email));
  if (!user) throw new AppError('NOT_FOUND', messages.auth.noAccount);
  return { success: true, user: { request_signin: user.signinRequestedAt?.toISOString() ?? null } };
}
