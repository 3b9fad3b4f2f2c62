import { isAPIError } from 'better-auth/api';
import { AppError } from '../../lib/app-error';
import type { Services } from '../../services';
import { signedInUser, type SignedIn } from './signed-in-user';

/** Signs in with e-mail and password; a wrong pair answers one message whichever half was wrong. */
export async function signInWithPassword(
  services: Services,
  input: { email: string; password: string; headers: Headers },
): Promise<SignedIn> {
  const { headers } = await services.auth.api
    .signInEmail({ body: { email: input.email, password: input.password }, headers: input.headers, returnHeaders: true })
    .catch((error: unknown) => {
      if (isAPIError(error)) throw new AppError('UNAUTHORIZED', 'That e-mail and password do not match an account.');
      throw error;
    });
  return { headers, user: await signedInUser(services, input.email) };
}
