import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@rv/contracts/messages';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for every state-changing call: a browser always sends Origin on such requests, and it
 * must be this site: PUBLIC_URL's scheme, host and port, all three (never the request's own Host header,
 * which a client or a proxy sets, and which says nothing of the scheme). Cross-site fetch metadata is
 * refused too. Requests with neither header come from non-browser clients, which carry no cookies of
 * a victim.
 *
 * The check is judged by the method alone, on every path, never by the path's spelling: the router
 * decodes a path (`/%61pi/logout` is `/api/logout`) and may match spellings a prefix test does not
 * know, so a test on the raw URL can be walked around. A state-changing call from another
 * site has no business with any path of ours, whether it matches a route or not; the payment
 * provider's webhook sends no Origin and is not affected.
 */
export function createOriginCheck(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const refused = (origin !== undefined && URL.parse(origin)?.origin !== publicOrigin) || fetchSite === 'cross-site';
    if (refused) {
      await reply.code(403).send({ error: messages.server.forbiddenOrigin, code: 'FORBIDDEN' });
    }
  };
}
