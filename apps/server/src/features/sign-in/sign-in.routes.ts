import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@rv/contracts/messages';
import { routes } from '@rv/contracts/routes/routes';
import { countPasswordCheck } from '../../auth/password-attempts';
import { forwardSetCookies, toWebHeaders } from '../../auth/request-headers';
import { hitRateLimit } from '../../lib/rate-limit';
import { route } from '../../lib/route';
import type { Services } from '../../services';
import { checkUser } from './check-user';
import { requestSignInLink } from './request-sign-in-link';
import { signInWithLink } from './sign-in-with-link';
import { signInWithPassword } from './sign-in-with-password';
import { signOut } from './sign-out';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * Sign-in mails one address may be sent in a day (so nobody can flood an inbox with them), besides 5 a minute: from many client
 * addresses the minute's allowance alone is thousands of mails a day to one inbox.
 */
export const SIGN_IN_MAILS_PER_DAY = 20;

/** The spec's sign-in calls, as thin handlers over better-auth. */
export const signInRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;
  const limit = (key: string, max: number, windowMs: number) => hitRateLimit(db, key, max, windowMs);
  const tags = ['sign-in'];

  route(
    app,
    routes.checkUser,
    async (request) => {
      await limit(`check-user:ip:${request.ip}`, 30, MINUTE);
      return { status: 200, body: await checkUser(services, request.body.email) };
    },
    { tags },
  );

  route(
    app,
    routes.requestSignin,
    async (request) => {
      await limit(`request-signin:ip:${request.ip}`, 20, MINUTE);
      await limit(`request-signin:email:${request.body.email}`, 5, MINUTE);
      await limit(`request-signin:email-day:${request.body.email}`, SIGN_IN_MAILS_PER_DAY, DAY);
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
      const { headers, user } = await signInWithLink(services, { ...request.body, headers: toWebHeaders(request) });
      forwardSetCookies(reply, headers);
      return { status: 200, body: { user } };
    },
    { tags },
  );

  route(
    app,
    routes.passwordLogin,
    async (request, reply) => {
      await limit(`password:ip:${request.ip}`, 20, MINUTE);
      await countPasswordCheck(db, request.body.email);
      const { headers, user } = await signInWithPassword(services, { ...request.body, headers: toWebHeaders(request) });
      forwardSetCookies(reply, headers);
      return { status: 200, body: { user } };
    },
    { tags },
  );

  route(
    app,
    routes.logout,
    async (request, reply) => {
      const { headers } = await signOut(services, toWebHeaders(request));
      forwardSetCookies(reply, headers);
      return { status: 200, body: { message: messages.auth.loggedOut } };
    },
    { tags },
  );
};
