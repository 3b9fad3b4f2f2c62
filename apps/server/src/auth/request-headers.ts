import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The header that carries the client's address to better-auth (its rate limits): set from Fastify's
 * `request.ip`, which reads X-Forwarded-For only through the proxies TRUST_PROXY names. A value the
 * client sent under this name is dropped.
 */
export const CLIENT_IP_HEADER = 'x-room-visualizer-client-ip';

/** Fastify's incoming headers as a Web Headers object (what better-auth reads). */
export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/** Copies the cookies better-auth set (sign-in, sign-out) onto our reply. */
export function forwardSetCookies(reply: FastifyReply, headers: Headers) {
  const cookies = headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
}
