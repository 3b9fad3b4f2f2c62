import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountExportFilename } from '@rv/contracts/api/privacy';
import { messages } from '@rv/contracts/messages';
import { routes } from '@rv/contracts/routes/routes';
import { forwardSetCookies, toWebHeaders } from '../../auth/request-headers';
import { requireUser } from '../../auth/session-guard';
import { AppError } from '../../lib/app-error';
import { hitRateLimit } from '../../lib/rate-limit';
import { route } from '../../lib/route';
import type { Services } from '../../services';
import { deleteAccount } from './delete-account';
import { streamAccountExport } from './export-account-data';
import { loadUserData } from './user-data';

const HOUR = 60 * 60_000;

/** Privacy: download all of one's data as a ZIP archive, and delete one's account. */
export const privacyRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;

  // The export answers a ZIP stream, not JSON: a raw entry, registered by hand from its path.
  app.get(
    routes.accountExport.path,
    { schema: { tags: ['account'], summary: routes.accountExport.summary, produces: ['application/zip'] } },
    async (request, reply) => {
      const user = await requireUser(services, request);
      await hitRateLimit(db, `account-export:user:${user.id}`, 10, HOUR);
      const data = await loadUserData(db, user);
      const archive = await streamAccountExport(services, data, request.log);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${accountExportFilename(new Date())}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(archive);
    },
  );

  route(
    app,
    routes.accountDelete,
    async (request, reply) => {
      const user = await requireUser(services, request);
      await hitRateLimit(db, `account-delete:user:${user.id}`, 10, HOUR);
      if (request.body.email !== user.email.toLowerCase()) throw new AppError('BAD_REQUEST', messages.privacy.deleteEmailMismatch);
      const { subscriptionCanceled } = await deleteAccount(services, user, request.log);
      // Every session went with the user row; this clears the cookie of the browser that asked.
      const { headers } = await services.auth.api
        .signOut({ headers: toWebHeaders(request), returnHeaders: true })
        .catch(() => ({ headers: new Headers() }));
      forwardSetCookies(reply, headers);
      return { status: 200, body: { message: messages.privacy.accountDeleted, subscriptionCanceled } };
    },
    { tags: ['account'] },
  );
};
