import { isAPIError } from 'better-auth/api';
import { deleteStaleSessions, currentGeneration, stampOfEmail, withSessionStamp } from '../../auth/session-stamp';
import { AppError } from '../../lib/app-error';
import type { Services } from '../../services';
import { signedInUser, type SignedIn } from './signed-in-user';

const NO_MATCH = 'That e-mail and password do not match an account.';

/**
 * Signs in with e-mail and password; a wrong pair answers one message whichever half was wrong. The
 * account's session generation is read before the password is checked and stamped on the session
 * (ADR 032): if the address's first proof lands between the check and the session's write, the
 * session is stale, removed here, and the sign-in answers as a wrong password would.
 */
export async function signInWithPassword(
  services: Services,
  input: { email: string; password: string; headers: Headers },
): Promise<SignedIn> {
  const { db } = services.database;
  const stamp = await stampOfEmail(db, input.email);
  const signIn = () =>
    services.auth.api.signInEmail({ body: { email: input.email, password: input.password }, headers: input.headers, returnHeaders: true });
  const { headers } = await (stamp ? withSessionStamp(stamp, signIn) : signIn()).catch((error: unknown) => {
    if (isAPIError(error)) throw new AppError('UNAUTHORIZED', NO_MATCH);
    throw error;
  });
  if (stamp) {
    const generation = await currentGeneration(db, stamp.userId);
    if (generation !== stamp.generation) {
      if (generation !== null) await deleteStaleSessions(db, stamp.userId, generation);
      throw new AppError('UNAUTHORIZED', NO_MATCH);
    }
  }
  return { headers, user: await signedInUser(services, input.email) };
}
