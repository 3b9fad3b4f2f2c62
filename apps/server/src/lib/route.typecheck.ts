// Compile-time tests of the catalogue's hold on handlers: `npm run typecheck` fails if any line marked as an
// expected error compiles, that is if a handler could answer a status or a shape its entry does not
// declare. Never imported or run.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routes } from '@rv/contracts/routes/routes';
import { route } from './route';

type App = FastifyInstance<any, any, any, any, ZodTypeProvider>; // eslint-disable-line @typescript-eslint/no-explicit-any -- as route() takes it

export function handlersTheCatalogueRefuses(app: App) {
  // A status the entry does not declare (GET /api/check-tool-access answers 200 only).
  // @ts-expect-error 418 is not one of the entry's statuses
  route(app, routes.checkToolAccess, async () => ({ status: 418, body: { error: 'teapot' } }));

  // A shape the entry does not declare: hasAccess is a boolean.
  // @ts-expect-error 'yes' is not a boolean
  route(app, routes.checkToolAccess, async () => ({ status: 200, body: { hasAccess: 'yes' } }));

  // A field the entry does not have.
  // @ts-expect-error 'access' is not a field of the answer
  route(app, routes.checkToolAccess, async () => ({ status: 200, body: { access: true } }));

  // And the declared answer compiles.
  route(app, routes.checkToolAccess, async () => ({ status: 200, body: { hasAccess: true } }));
}
