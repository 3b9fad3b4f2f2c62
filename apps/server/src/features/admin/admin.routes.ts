import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@rv/contracts/messages';
import { routes } from '@rv/contracts/routes/routes';
import { requireAdmin, type UserRow } from '../../auth/session-guard';
import { AppError } from '../../lib/app-error';
import { route } from '../../lib/route';
import type { Services } from '../../services';
import { sendStoredFile } from '../files';
import { isStorageKey } from '../../storage/storage';
import { listAdminUsers } from './list-admin-users';
import { listAuditLog } from './list-audit-log';
import { listBugReports } from './list-bug-reports';
import { listDesignFeedback } from './list-design-feedback';
import { listOrphanPayments } from './list-orphan-payments';
import { listRoomShares } from './list-room-shares';
import { resetUserCredits } from './reset-user-credits';
import { isSharedDesignFile } from './shared-design-file';

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

  const tags = ['admin'];
  route(app, routes.adminUsers, async (request) => ({ status: 200, body: await listAdminUsers(db, request.query) }), { tags });
  route(app, routes.adminRoomShares, async (request) => ({ status: 200, body: await listRoomShares(db, request.query) }), { tags });
  route(app, routes.adminDesignFeedback, async (request) => ({ status: 200, body: await listDesignFeedback(db, request.query) }), { tags });
  route(app, routes.adminBugReports, async (request) => ({ status: 200, body: await listBugReports(db, request.query) }), { tags });
  route(app, routes.adminAuditLog, async (request) => ({ status: 200, body: await listAuditLog(db, request.query) }), { tags });
  route(app, routes.adminOrphanPayments, async (request) => ({ status: 200, body: await listOrphanPayments(db, request.query) }), {
    tags,
  });

  route(
    app,
    routes.resetUserCredits,
    async (request) => {
      const user = await resetUserCredits(db, { actorEmail: adminOf(request).email, targetEmail: request.body.email });
      return { status: 200, body: { user } };
    },
    { tags },
  );

  /** The images of designs shared with the gallery, which belong to other users: for admins only. */
  app.get(routes.adminFiles.path, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!isStorageKey(key) || !(await isSharedDesignFile(db, key))) throw new AppError('NOT_FOUND', messages.server.notFound);
    return sendStoredFile(services.storage, key, request, reply);
  });
};
