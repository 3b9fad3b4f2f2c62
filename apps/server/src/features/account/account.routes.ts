import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@rv/contracts/routes/routes';
import { messages } from '@rv/contracts/messages';
import { getSessionUser, hasToolAccess, requireSession, requireUser } from '../../auth/session-guard';
import { hitRateLimit } from '../../lib/rate-limit';
import { route } from '../../lib/route';
import type { Services } from '../../services';
import { loadUserProfile } from './load-user-profile';
import { setAccountPassword } from './set-account-password';
import { updateSignInId } from './update-sign-in-id';

const MINUTE = 60_000;

export const accountRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ['account'];

  route(app, routes.me, async (request) => ({ status: 200, body: { isAdmin: (await requireUser(services, request)).role === 'admin' } }), {
    tags,
  });

  route(
    app,
    routes.userProfile,
    async (request) => ({ status: 200, body: await loadUserProfile(services.database.db, await requireUser(services, request)) }),
    { tags },
  );

  route(
    app,
    routes.checkToolAccess,
    async (request) => {
      const user = await getSessionUser(services, request);
      return { status: 200, body: { hasAccess: Boolean(user && hasToolAccess(user)) } };
    },
    { tags },
  );

  /** Records the caller's own sign-in identity id (see update-sign-in-id.ts). */
  route(
    app,
    routes.updateFirebaseUuid,
    async (request) => {
      const user = await requireUser(services, request);
      await updateSignInId(services, user, request.body);
      return { status: 200, body: { message: 'Sign-in id updated' } };
    },
    { tags },
  );

  /** Sets or changes the caller's password; every other session of theirs ends (set-account-password.ts). */
  route(
    app,
    routes.accountPassword,
    async (request) => {
      const signedIn = await requireSession(services, request);
      // Each call hashes a password (64 MiB of scrypt): a few a minute is plenty for a person.
      await hitRateLimit(services.database.db, `account-password:user:${signedIn.user.id}`, 10, MINUTE);
      const { changed } = await setAccountPassword(services, signedIn, request.body);
      return {
        status: 200,
        body: { message: changed ? messages.password.passwordChanged : messages.password.passwordSet, hasPassword: true },
      };
    },
    { tags },
  );
};
