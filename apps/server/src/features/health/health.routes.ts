import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthBody } from '@rv/contracts/api/common';
import type { Services } from '../../services';

export const healthRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/api/health',
    { config: { rateLimit: false }, schema: { summary: 'Liveness and database check', tags: ['ops'], response: { 200: healthBody } } },
    async () => {
      await services.database.ping();
      return { status: 'ok' as const, database: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) };
    },
  );
};
