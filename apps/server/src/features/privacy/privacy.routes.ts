import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@rv/contracts/api/common';
import {
  ACCOUNT_DELETE_PATH,
  ACCOUNT_EXPORT_PATH,
  accountExportFilename,
  deleteAccountAnswer,
  deleteAccountBody,
} from '@rv/contracts/api/privacy';
import { messages } from '@rv/contracts/messages';
import { forwardSetCookies, toWebHeaders } from '../../auth/request-headers';
import { requireUser } from '../../auth/session-guard';
import { AppError } from '../../lib/app-error';
import { hitRateLimit } from '../../lib/rate-limit';
import type { Services } from '../../services';
import { deleteAccount } from './delete-account';
import { streamAccountExport } from './export-account-data';
import { loadUserData } from './user-data';

const HOUR = 60 * 60_000;

/** Privacy: download all of one's data as a ZIP archive, and delete one's account. */
export const privacyRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;

  app.get(
    ACCOUNT_EXPORT_PATH,
    {
      schema: {
        tags: ['account'],
        summary: 'The signed-in user’s data as one ZIP archive: profile.json, designs.json, bug-reports.json and every stored image',
        produces: ['application/zip'],
      },
    },
    async (request, reply) => {
      const user = await requireUser(services, request);
      await hitRateLimit(db, `account-export:user:${user.id}`, 10, HOUR);
      const data = await loadUserData(db, user);
      const archive = streamAccountExport(services, data, request.log);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${accountExportFilename(new Date())}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(archive);
    },
  );

  app.post(
    ACCOUNT_DELETE_PATH,
    {
      schema: {
        tags: ['account'],
        summary: 'Deletes the signed-in user’s account: cancels the subscription, removes every file and row of theirs, ends every session',
        body: deleteAccountBody,
        response: {
          200: deleteAccountAnswer,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          409: errorBody,
          429: errorBody,
          502: errorBody,
          503: errorBody,
        },
      },
    },
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
      return { message: messages.privacy.accountDeleted, subscriptionCanceled };
    },
  );
};
