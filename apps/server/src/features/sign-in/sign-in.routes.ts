import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isAPIError } from 'better-auth/api';
import { messages } from '@rv/contracts/messages';
import { routes } from '@rv/contracts/routes/routes';
import { forwardSetCookies, toWebHeaders } from '../../auth/request-headers';
import { hasToolAccess } from '../../auth/session-guard';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hitRateLimit } from '../../lib/rate-limit';
import { route } from '../../lib/route';
import type { Services } from '../../services';
import { requestSignInLink } from './request-sign-in-link';

const MINUTE = 60_000;

/** The spec's sign-in calls, as thin handlers over better-auth. */
export const signInRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;
  const limit = (key: string, max: number, windowMs: number) => hitRateLimit(db, key, max, windowMs);
  const findUser = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0];
  const signedInAnswer = async (email: string) => {
    const user = await findUser(email);
    if (!user) throw new AppError('NOT_FOUND', messages.auth.userNotFound);
    return { status: 200 as const, body: { user: { email: user.email, name: user.name, hasToolAccess: hasToolAccess(user) } } };
  };
  const tags = ['sign-in'];

  route(
    app,
    routes.checkUser,
    async (request) => {
      await limit(`check-user:ip:${request.ip}`, 30, MINUTE);
      const user = await findUser(request.body.email);
      if (!user) throw new AppError('NOT_FOUND', messages.auth.noAccount);
      return { status: 200, body: { success: true, user: { request_signin: user.signinRequestedAt?.toISOString() ?? null } } };
    },
    { tags },
  );

  route(
    app,
    routes.requestSignin,
    async (request) => {
      await limit(`request-signin:ip:${request.ip}`, 20, MINUTE);
      await limit(`request-signin:email:${request.body.email}`, 5, MINUTE);
      await requestSignInLink(services, request.body.email);
      return { status: 200, body: { message: messages.auth.checkYourEmail } };
    },
    { tags },
  );

  route(
    app,
    routes.login,
    async (request, reply) => {
      await limit(`login:ip:${request.ip}`, 30, MINUTE);
      try {
        const { headers } = await services.auth.api.consumeMagicLink({
          body: { email: request.body.email, token: request.body.token },
          headers: toWebHeaders(request),
          returnHeaders: true,
        });
        forwardSetCookies(reply, headers);
      } catch (error) {
        if (isAPIError(error)) throw new AppError(error.statusCode === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', error.message);
        throw error;
      }
      return signedInAnswer(request.body.email);
    },
    { tags },
  );

  route(
    app,
    routes.passwordLogin,
    async (request, reply) => {
      await limit(`password:ip:${request.ip}`, 20, MINUTE);
      await limit(`password:email:${request.body.email}`, 10, 10 * MINUTE);
      try {
        const { headers } = await services.auth.api.signInEmail({
          body: { email: request.body.email, password: request.body.password },
          headers: toWebHeaders(request),
          returnHeaders: true,
        });
        forwardSetCookies(reply, headers);
      } catch (error) {
        if (isAPIError(error)) throw new AppError('UNAUTHORIZED', 'That e-mail and password do not match an account.');
        throw error;
      }
      return signedInAnswer(request.body.email);
    },
    { tags },
  );

  route(
    app,
    routes.logout,
    async (request, reply) => {
      const { headers } = await services.auth.api.signOut({ headers: toWebHeaders(request), returnHeaders: true }).catch(() => ({
        headers: new Headers(),
      }));
      forwardSetCookies(reply, headers);
      return { status: 200, body: { message: messages.auth.loggedOut } };
    },
    { tags },
  );
};
