import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@rv/contracts/routes/routes';
import { route } from '../../lib/route';
import type { Services } from '../../services';

export const healthRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  route(
    app,
    routes.health,
    async () => {
      await services.database.ping();
      return { status: 200, body: { status: 'ok', database: 'ok', uptimeSeconds: Math.round(process.uptime()) } };
    },
    { tags: ['ops'], config: { rateLimit: false } },
  );
};
