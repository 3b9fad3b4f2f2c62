import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@rv/contracts/routes/routes';
import { route } from '../../lib/route';
import type { Services } from '../../services';
import { checkReadiness } from './check-readiness';

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
  route(
    app,
    routes.ready,
    async () => {
      const reached = await checkReadiness(services);
      const ready = reached.database === 'ok' && reached.queue === 'ok';
      return ready ? { status: 200, body: { status: 'ready', ...reached } } : { status: 503, body: { status: 'unavailable', ...reached } };
    },
    { tags: ['ops'], config: { rateLimit: false } },
  );
};
