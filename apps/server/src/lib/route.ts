import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { ReplyOf, RouteEntry } from '@rv/contracts/routes/route-entry';

type Output<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;

/** The request of one catalogue entry: its params, query and JSON body as its schemas parse them. */
export type RouteRequest<Entry extends RouteEntry> = FastifyRequest<{
  Params: Output<Entry['params']>;
  Querystring: Output<Entry['query']>;
  Body: Output<Entry['body']>;
}>;

/** Fastify options a route may add to its entry (rate limits, OpenAPI tags, a custom serializer...). */
export type RouteOptions = Omit<RouteShorthandOptions, 'schema'> & { tags?: string[] };

/**
 * Registers the handler of one catalogue entry (packages/contracts/src/routes). The entry gives the
 * method, path and every schema (params, query, body, answer per status); the handler answers
 * `{ status, body }`, and TypeScript accepts only a status the entry declares, with that status's
 * shape. Errors are still thrown as AppError (lib/error-handler.ts answers them with `errorBody`).
 *
 *   route(app, routes.me, async (request) => ({ status: 200, body: { isAdmin: ... } }));
 *
 * Raw entries (files, streams, SSE) are registered with `app.get(entry.path, ...)` by hand.
 */
export function route<Entry extends RouteEntry>(
  app: FastifyInstance<any, any, any, any, ZodTypeProvider>, // eslint-disable-line @typescript-eslint/no-explicit-any -- any server and logger type
  entry: Entry,
  handler: NoInfer<(request: RouteRequest<Entry>, reply: FastifyReply) => Promise<ReplyOf<Entry>>>,
  { tags, ...options }: RouteOptions = {},
): void {
  app.route({
    ...options,
    method: entry.method,
    url: entry.path,
    schema: {
      ...(entry.summary ? { summary: entry.summary } : {}),
      ...(tags ? { tags } : {}),
      ...(entry.multipart ? { consumes: ['multipart/form-data'] } : {}),
      ...(entry.params ? { params: entry.params } : {}),
      ...(entry.query ? { querystring: entry.query } : {}),
      ...(entry.body ? { body: entry.body } : {}),
      response: entry.responses,
    },
    // The schemas above parse the request and serialize the answer; the handler's types come from the same entry.
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const answer = await handler(request as RouteRequest<Entry>, reply);
      const status: number = answer.status;
      return reply.code(status).send(answer.body);
    },
  });
}
