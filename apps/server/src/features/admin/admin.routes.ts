import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminListAnswer,
  adminListQuery,
  adminUserRow,
  bugReportRow,
  designFeedbackRow,
  resetCreditsAnswer,
  resetCreditsBody,
  roomShareRow,
} from '@rv/contracts/api/admin';
import { errorBody } from '@rv/contracts/api/common';
import { messages } from '@rv/contracts/messages';
import { requireAdmin, type UserRow } from '../../auth/session-guard';
import { AppError } from '../../lib/app-error';
import type { Services } from '../../services';
import { sendStoredFile } from '../files/send-stored-file';
import { isStorageKey } from '../../storage/storage';
import { listAdminUsers } from './list-admin-users';
import { listBugReports } from './list-bug-reports';
import { listDesignFeedback } from './list-design-feedback';
import { listRoomShares } from './list-room-shares';
import { resetUserCredits } from './reset-user-credits';
import { isSharedDesignFile } from './shared-design-file';

const denied = { 401: errorBody, 403: errorBody };

/**
 * The admin dashboard's calls. Every route of this plugin is behind one guard that checks the admin
 * role on the server (401 without a session, 403 for anyone else) before the request is even parsed.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;
  const admins = new WeakMap<FastifyRequest, UserRow>();
  app.addHook('onRequest', async (request) => {
    admins.set(request, await requireAdmin(services, request));
  });
  const adminOf = (request: FastifyRequest) => admins.get(request)!;

  const listSchema = (summary: string) => ({ summary, tags: ['admin'], querystring: adminListQuery });
  app.get(
    '/api/admin/users',
    {
      schema: {
        ...listSchema('Users: the plain list, or one page with page/limit; q searches e-mails'),
        response: { 200: adminListAnswer(adminUserRow), ...denied },
      },
    },
    async (request) => listAdminUsers(db, request.query),
  );
  app.get(
    '/api/admin/room-shares',
    { schema: { ...listSchema('Designs shared with the gallery'), response: { 200: adminListAnswer(roomShareRow), ...denied } } },
    async (request) => listRoomShares(db, request.query),
  );
  app.get(
    '/api/admin/design-feedback',
    { schema: { ...listSchema("'How did we do?' feedback"), response: { 200: adminListAnswer(designFeedbackRow), ...denied } } },
    async (request) => listDesignFeedback(db, request.query),
  );
  app.get(
    '/api/admin/bug-reports',
    { schema: { ...listSchema('Bug reports'), response: { 200: adminListAnswer(bugReportRow), ...denied } } },
    async (request) => listBugReports(db, request.query),
  );

  app.post(
    '/api/admin/reset-user-credits',
    {
      schema: {
        summary: "Sets a user's used transformations to 0 (written to the audit log)",
        tags: ['admin'],
        body: resetCreditsBody,
        response: { 200: resetCreditsAnswer, 400: errorBody, ...denied, 404: errorBody },
      },
    },
    async (request) => {
      const user = await resetUserCredits(db, { actorEmail: adminOf(request).email, targetEmail: request.body.email });
      return { user };
    },
  );

  /** The images of designs shared with the gallery, which belong to other users: for admins only. */
  app.get('/api/admin/files/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!isStorageKey(key) || !(await isSharedDesignFile(db, key))) throw new AppError('NOT_FOUND', messages.server.notFound);
    return sendStoredFile(services.storage, key, request, reply);
  });
};
