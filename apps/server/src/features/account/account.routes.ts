import { and, eq, ne } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { meBody, updateFirebaseUuidBody, userProfile } from '@rv/contracts/api/account';
import { errorBody, messageBody } from '@rv/contracts/api/common';
import { toolAccessAnswer } from '@rv/contracts/api/creation';
import { getSessionUser, hasToolAccess, requireUser, type UserRow } from '../../auth/session-guard';
import { accounts, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Services } from '../../services';

/** The profile fields of spec section 3, from the user's row. */
export function toUserProfile(user: UserRow) {
  return {
    name: user.name,
    email: user.email,
    userAvatarStorageUrl: user.avatarKey ? `/api/files/${user.avatarKey}` : null,
    subscriptionStatus: user.subscriptionStatus,
    stripeCustomerId: user.stripeCustomerId,
    stripeSubscriptionNextBillingDate: user.currentPeriodEnd?.toISOString() ?? null,
    transformationsUsed: user.transformationsUsed,
    transformationsLimit: user.transformationsLimit,
    firebaseUUID: user.firebaseUuid,
    styleLens: user.styleLens
      ? {
          stylelens: user.styleLens.stylelens,
          human_summary: user.styleLens.human_summary,
          styleurls: user.styleLens.photoKeys.map((key) => `/api/files/${key}`),
        }
      : null,
    styleSaveStatus: user.styleSaveStatus,
  };
}

export const accountRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;

  app.get('/api/me', { schema: { tags: ['account'], response: { 200: meBody, 401: errorBody } } }, async (request) => {
    const user = await requireUser(services, request);
    return { isAdmin: user.role === 'admin' };
  });

  app.get('/api/user-profile', { schema: { tags: ['account'], response: { 200: userProfile, 401: errorBody } } }, async (request) => {
    return toUserProfile(await requireUser(services, request));
  });

  app.get('/api/check-tool-access', { schema: { tags: ['account'], response: { 200: toolAccessAnswer } } }, async (request) => {
    const user = await getSessionUser(services, request);
    return { hasAccess: Boolean(user && hasToolAccess(user)) };
  });

  /**
   * Records the caller's own sign-in identity id (the profile's firebaseUUID keeps that role): the
   * credential/OAuth account id of the signed-in user. It can never touch another user.
   */
  app.post(
    '/api/update-firebase-uuid',
    {
      schema: {
        tags: ['account'],
        body: updateFirebaseUuidBody,
        response: { 200: messageBody, 401: errorBody, 403: errorBody, 409: errorBody },
      },
    },
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
      return { message: 'Sign-in id updated' };
    },
  );
};
