import type { FastifyInstance } from 'fastify';
import { messages } from '@rv/contracts/messages';
import type { Config } from '../config/env';
import type { Auth } from './create-auth';
import { toWebHeaders } from './request-headers';

/**
 * The only better-auth endpoints the browser may reach: Google's OAuth start and its callback. Every
 * other endpoint better-auth has (password sign-in and sign-up, password reset, e-mail change and
 * verification, session listing and revocation, account linking, user deletion...) answers 404 here:
 * the product's own routes do those jobs with their own checks and per-account limits, and call
 * better-auth on the server (auth.api).
 */
export const BROWSER_AUTH_ENDPOINTS: readonly { method: 'GET' | 'POST'; pattern: RegExp }[] = [
  { method: 'POST', pattern: /^\/api\/auth\/sign-in\/social$/ },
  { method: 'GET', pattern: /^\/api\/auth\/callback\/[a-z0-9-]+$/ },
];

export function isBrowserAuthEndpoint(method: string, pathname: string): boolean {
  return BROWSER_AUTH_ENDPOINTS.some((endpoint) => endpoint.method === method && endpoint.pattern.test(pathname));
}

/** better-auth's handler for the endpoints above, under /api/auth/*. */
export async function authRoutes(app: FastifyInstance, { services }: { services: { config: Config; auth: Auth } }) {
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      const url = new URL(request.url, services.config.PUBLIC_URL);
      if (!isBrowserAuthEndpoint(request.method, url.pathname)) {
        return reply.code(404).send({ error: messages.server.notFound, code: 'NOT_FOUND' });
      }
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
