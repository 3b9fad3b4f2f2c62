import { and, eq, ne } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@rv/contracts/routes/routes';
import { getSessionUser, hasToolAccess, requireUser } from '../../auth/session-guard';
import { accounts, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { route } from '../../lib/route';
import type { Services } from '../../services';
import { toUserProfile } from './user-profile';

export const accountRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;
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

  /**
   * Records the caller's own sign-in identity id (the profile's firebaseUUID keeps that role): the
   * credential/OAuth account id of the signed-in user. It can never touch another user.
   */
  route(
    app,
    routes.updateFirebaseUuid,
    async (request) => {
      const user = await requireUser(services, request);
      if (request.body.userEmail !== user.email) throw new AppError('FORBIDDEN', 'You can only update your own account.');
      const [owned] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.userId, user.id), eq(accounts.accountId, request.body.firebaseUUID)));
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.firebaseUuid, request.body.firebaseUUID), ne(users.id, user.id)));
      if (taken) throw new AppError('CONFLICT', 'That sign-in id belongs to another account.');
      if (!owned && request.body.firebaseUUID !== user.id) throw new AppError('FORBIDDEN', 'That sign-in id is not one of yours.');
      await db.update(users).set({ firebaseUuid: request.body.firebaseUUID }).where(eq(users.id, user.id));
      return { status: 200, body: { message: 'Sign-in id updated' } };
    },
    { tags },
  );
};
