import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contextFrom, failSpan, SpanKind, startSpan, withSpan } from './tracing';
import type { Span } from '@opentelemetry/api';

/**
 * A server span for every request (ADR 059): started when it arrives, as a child of the caller's trace
 * when it sends W3C `traceparent`, named by its route pattern (`POST /api/designs`, never the URL with its
 * ids), ended with its status. It is made the active span before the request's hooks and again before its
 * handler (a body is read between them, in callbacks of the socket's own context), so the database,
 * storage, queue and engine spans of the work it does are its children. Registered on the root first.
 */
export function traceRequests(app: FastifyInstance): void {
  const spans = new WeakMap<FastifyRequest, Span>();
  const end = (request: FastifyRequest, status?: number) => {
    const span = spans.get(request);
    if (!span) return;
    spans.delete(request);
    if (status === undefined) failSpan(span, new Error('The client closed the request before its answer.'));
    else {
      span.setAttribute('http.response.status_code', status);
      if (status >= 500) failSpan(span, new Error(`Answered ${status}`));
    }
    span.end();
  };
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    const span = startSpan(route ? `${request.method} ${route}` : request.method, {
      kind: SpanKind.SERVER,
      parent: contextFrom(request.headers),
      attributes: {
        'http.request.method': request.method,
        'url.path': request.url.split('?', 1)[0],
        ...(route ? { 'http.route': route } : {}),
        'http.request.id': request.id,
      },
    });
    spans.set(request, span);
    withSpan(span, done);
  });
  app.addHook('preHandler', (request, _reply, done) => {
    const span = spans.get(request);
    if (span) withSpan(span, done);
    else done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    end(request, reply.statusCode);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    end(request);
    done();
  });
}
