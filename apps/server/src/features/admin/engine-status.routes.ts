import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@rv/contracts/routes/routes';
import { requireAdmin } from '../../auth/session-guard';
import { route } from '../../lib/route';
import type { Services } from '../../services';
import { readEngineStatus } from './read-engine-status';
import { runEngineCheck } from './run-engine-check';

/**
 * GET /api/admin/engines: the engines in use, their last failure, the failure share and the month's cost;
 * POST /api/admin/engines/check: the smallest real call to each (paid, on the admin's press). Admins only.
 */
export const engineStatusRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  route(
    app,
    routes.adminEngines,
    async (request) => {
      await requireAdmin(services, request);
      return { status: 200, body: await readEngineStatus(services.database.db, services.config, services.engineChecks) };
    },
    { tags: ['admin'] },
  );
  route(
    app,
    routes.adminEngineCheck,
    async (request) => {
      await requireAdmin(services, request);
      return { status: 200, body: await runEngineCheck(services.config, services.engineChecks) };
    },
    { tags: ['admin'] },
  );
};
