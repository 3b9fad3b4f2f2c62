import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import { toWebHeaders } from './request-headers';

/** better-auth's own endpoints (OAuth start and callback, password sign-in, session) under /api/auth/*. */
export async function authRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      const url = new URL(request.url, services.config.PUBLIC_URL);
      const hasBody = request.method !== 'GET' && request.body !== undefined;
      const response = await services.auth.handler(
        new Request(url, {
          method: request.method,
          headers: toWebHeaders(request),
          body: hasBody ? JSON.stringify(request.body) : undefined,
        }),
      );
      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') reply.header(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}
