import { isAPIError } from 'better-auth/api';
import { AppError } from '../../lib/app-error';
import type { Services } from '../../services';
import { signedInUser, type SignedIn } from './signed-in-user';

/** Signs in with the e-mailed link's token (single use; better-auth checks and consumes it). */
export async function signInWithLink(services: Services, input: { email: string; token: string; headers: Headers }): Promise<SignedIn> {
  const { headers } = await services.auth.api
    .consumeMagicLink({ body: { email: input.email, token: input.token }, headers: input.headers, returnHeaders: true })
    .catch((error: unknown) => {
      if (isAPIError(error)) throw new AppError(error.statusCode === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', error.message);
      throw error;
    });
  return { headers, user: await signedInUser(services, input.email) };
}
