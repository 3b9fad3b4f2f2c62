import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@rv/contracts/routes/routes';
import { forwardSetCookies, toWebHeaders } from '../../auth/request-headers';
import { requireUser } from '../../auth/session-guard';
import { withSessionStamp } from '../../auth/session-stamp';
import { hitRateLimit } from '../../lib/rate-limit';
import { route } from '../../lib/route';
import type { Services } from '../../services';
import { readMultipart } from '../../uploads/read-multipart';
import { confirmEmailChange, describeEmailChange, emailChanged } from './confirm-email-change';
import { profileDetails } from './profile-details';
import { updateProfile } from './update-profile';

const MINUTE = 60_000;

/** Personal Information: save the profile (name, avatar, location; a new e-mail waits for its link), and confirm a new e-mail. */
export const profileUpdateRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;

  const tags = ['account'];

  route(
    app,
    routes.updateProfile,
    async (request) => {
      const user = await requireUser(services, request);
      await hitRateLimit(db, `profile-update:user:${user.id}`, 20, MINUTE);
      const { values, files } = await readMultipart(request, routes.updateProfile.multipart);
      return {
        status: 200,
        body: await updateProfile(services, user, { fields: values, avatar: files.avatar[0]?.source, ip: request.ip }),
      };
    },
    { tags },
  );

  route(
    app,
    routes.profileDetails,
    async (request) => ({ status: 200, body: await profileDetails(services, await requireUser(services, request)) }),
    {
      tags,
    },
  );

  /** Which account the link would move to the new address; changes nothing (the page asks for a press). */
  route(
    app,
    routes.confirmEmailPreview,
    async (request) => {
      await hitRateLimit(db, `confirm-email:ip:${request.ip}`, 20, MINUTE);
      return { status: 200, body: await describeEmailChange(services, request.body.token) };
    },
    { tags },
  );

  /** The press: the first proof of the new address ends every session and password; this browser is signed in. */
  route(
    app,
    routes.confirmEmail,
    async (request, reply) => {
      await hitRateLimit(db, `confirm-email:ip:${request.ip}`, 20, MINUTE);
      const { email, userId, generation } = await confirmEmailChange(services, request.body.token);
      const { headers } = await withSessionStamp({ userId, generation }, () =>
        services.auth.api.startSessionForUser({ body: { userId }, headers: toWebHeaders(request), returnHeaders: true }),
      );
      forwardSetCookies(reply, headers);
      return { status: 200, body: { message: emailChanged(email), email } };
    },
    { tags },
  );
};
