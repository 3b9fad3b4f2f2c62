import type { FastifyReply, FastifyRequest } from 'fastify';

/** Fastify's incoming headers as a Web Headers object (what better-auth reads). */
export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

/** Copies the cookies better-auth set (sign-in, sign-out) onto our reply. */
export function forwardSetCookies(reply: FastifyReply, headers: Headers) {
  const cookies = headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
}
