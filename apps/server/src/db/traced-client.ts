import { inChildSpan, SpanKind } from '../lib/tracing';

/** What a query's span holds of its SQL: the text (values are parameters, never in it), cut to this length. */
const MAX_QUERY_TEXT = 2_000;

/**
 * The driver's client (a `pg` pool or a PGlite) with a span around each query drizzle runs on it
 * (`db select`, ...; ADR 059): `query` and `exec`, and the same for the client a pool lends or a PGlite
 * transaction hands over. Only inside a trace (a request's, a job's): the queue's polls stay untraced.
 * Every other member is the client's own, bound to it.
 */
export function traceQueries<Client extends object>(client: Client, system: 'postgresql' | 'pglite'): Client {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (property === 'query' || property === 'exec')
        return (...args: unknown[]) => {
          const text = queryText(args[0]);
          return inChildSpan(
            `db ${text.trimStart().split(/\s/, 1)[0]?.toLowerCase() || 'query'}`,
            { kind: SpanKind.CLIENT, attributes: { 'db.system.name': system, 'db.query.text': text.slice(0, MAX_QUERY_TEXT) } },
            () => Promise.resolve(method.apply(target, args)),
          );
        };
      // A pool lends a client for a transaction; PGlite hands one to the transaction's callback.
      if (property === 'connect')
        return async (...args: unknown[]) => {
          const lent: unknown = await method.apply(target, args);
          return lent && typeof lent === 'object' ? traceQueries(lent, system) : lent;
        };
      if (property === 'transaction')
        return (work: (tx: object) => unknown, ...rest: unknown[]) =>
          method.call(target, (tx: object) => work(traceQueries(tx, system)), ...rest);
      return method.bind(target);
    },
  });
}

function queryText(query: unknown): string {
  if (typeof query === 'string') return query;
  if (query && typeof query === 'object' && 'text' in query && typeof query.text === 'string') return query.text;
  return '';
}
