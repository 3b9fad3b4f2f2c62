import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { engineStatusAnswer } from '@rv/contracts/api/admin-engines';
import { errorBody } from '@rv/contracts/api/common';
import { requireAdmin } from '../../auth/session-guard';
import type { Services } from '../../services';
import { readEngineStatus } from './read-engine-status';

/** GET /api/admin/engines: the engines in use, their last failure, the failure share and the month's cost (admins only). */
export const engineStatusRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/api/admin/engines',
    {
      schema: {
        summary: 'The engines in use, their models, the last failure, failures in 24 h, and cost per design and per subscriber this month',
        tags: ['admin'],
        response: { 200: engineStatusAnswer, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      await requireAdmin(services, request);
      return readEngineStatus(services.database.db, services.config);
    },
  );
};
