import type { FastifyInstance } from 'fastify';
import { routes } from '@rv/contracts/routes/routes';
import type { RouteEntry } from '@rv/contracts/routes/route-entry';

/** The OpenAPI security scheme of the session cookie (components.securitySchemes). */
export const SESSION_SCHEME = 'session';

const catalogue = new Map<string, { name: string; entry: RouteEntry }>(
  Object.entries(routes).map(([name, entry]: [string, RouteEntry]) => [`${entry.method} ${entry.path}`, { name, entry }]),
);

/** Whether a call needs a signed-in session: its catalogue entry declares the guard's 401. */
export const needsSession = (entry: RouteEntry) => entry.responses[401] !== undefined;

/**
 * Describes every documented route from its catalogue entry (ADR 017), whoever registered it (`route()`
 * or by hand for files and streams): its operationId is the entry's name, its summary the entry's, and
 * its security the session cookie when the entry declares the guard's 401, none otherwise. A route that
 * is documented but not catalogued stops the start: catalogue it, or hide it (`schema: { hide: true }`).
 * Added on the root before any route.
 */
export function describeFromCatalogue(app: FastifyInstance): void {
  app.addHook('onRoute', (options) => {
    const methods = [options.method].flat();
    if (methods.every((method) => method === 'HEAD')) return; // the HEAD twin of a GET
    const schema = (options.schema ??= {}) as Record<string, unknown>;
    if (schema.hide) return;
    const found = catalogue.get(`${methods[0]} ${options.url}`);
    if (!found)
      throw new Error(
        `${methods.join(',')} ${options.url} is not in the contracts' catalogue (ADR 017): add it there, or hide it from the API's document`,
      );
    schema.operationId = found.name;
    schema.summary ??= found.entry.summary;
    schema.security = needsSession(found.entry) ? [{ [SESSION_SCHEME]: [] }] : [];
  });
}
