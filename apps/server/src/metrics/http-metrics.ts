import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics';

/** The label of a request that matched no route (a 404 of the router): one series, whatever the URL. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * Times every answered request by its matched route pattern (`/api/designs/:id`, never the URL with its
 * ids, so the series stay bounded) and status. Registered on the root before the routes.
 */
export function observeRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest({
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
  });
}
