import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@rv/contracts/routes/routes';
import { getSessionUser, hasToolAccess, requireUser } from '../../auth/session-guard';
import { route } from '../../lib/route';
import type { Services } from '../../services';
import { updateSignInId } from './update-sign-in-id';
import { toUserProfile } from './user-profile';

export const accountRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ['account'];

  route(app, routes.me, async (request) => ({ status: 200, body: { isAdmin: (await requireUser(services, request)).role === 'admin' } }), {
    tags,
  });

  route(app, routes.userProfile, async (request) => ({ status: 200, body: toUserProfile(await requireUser(services, request)) }), { tags });

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
};
