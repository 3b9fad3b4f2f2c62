import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@rv/contracts/routes/routes';
import { getSessionUser, requireToolAccess, requireUser } from '../../../auth/session-guard';
import { route } from '../../../lib/route';
import type { Services } from '../../../services';
import { bringCloser } from '../tasks/bring-closer';
import { streamHomeZip } from './download-home';
import { changeHome, createHome, findVisibleHome, listHomes, toLookView } from './homes';
import { findOwnLook, takeLook } from './take-look';

/** Whole home, one look (issue 49): looks, homes, a home's page, its ZIP, and 'Bring it closer'. */
export const homeRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;

  route(
    app,
    routes.takeLook,
    async (request) => {
      const user = await requireToolAccess(services, request);
      const row = await takeLook(services, { userId: user.id, designId: request.params.id, imageId: request.params.imageId });
      return { status: 201, body: { look: await toLookView(db, row) } };
    },
    { tags: ['homes'] },
  );

  route(
    app,
    routes.lookView,
    async (request) => {
      const user = await requireUser(services, request);
      return { status: 200, body: { look: await toLookView(db, await findOwnLook(db, request.params.id, user.id)) } };
    },
    { tags: ['homes'] },
  );

  route(
    app,
    routes.bringCloser,
    async (request) => {
      const user = await requireToolAccess(services, request);
      return { status: 200, body: { taskId: await bringCloser(services, { userId: user.id, designId: request.params.id }) } };
    },
    { tags: ['homes'] },
  );

  route(
    app,
    routes.homeList,
    async (request) => {
      const user = await requireUser(services, request);
      return { status: 200, body: { homes: await listHomes(db, user.id) } };
    },
    { tags: ['homes'] },
  );

  route(
    app,
    routes.createHome,
    async (request) => {
      const user = await requireUser(services, request);
      return { status: 201, body: { home: await createHome(db, user.id, request.body.name), editable: true } };
    },
    { tags: ['homes'] },
  );

  route(
    app,
    routes.homeView,
    async (request) => {
      const viewer = await getSessionUser(services, request);
      return { status: 200, body: await findVisibleHome(db, request.params.id, viewer) };
    },
    { tags: ['homes'] },
  );

  route(
    app,
    routes.changeHome,
    async (request) => {
      const user = await requireUser(services, request);
      return { status: 200, body: { home: await changeHome(db, user.id, request.params.id, request.body), editable: true } };
    },
    { tags: ['homes'] },
  );

  // The ZIP is a raw entry, registered by hand from its path (as the account's export).
  app.get<{ Params: { id: string } }>(
    routes.downloadHome.path,
    { schema: { tags: ['homes'], summary: routes.downloadHome.summary, produces: ['application/zip'] } },
    async (request, reply) => {
      const viewer = await getSessionUser(services, request);
      const { archive, filename } = await streamHomeZip(
        services,
        { homeId: routes.downloadHome.params.parse(request.params).id, viewer },
        request.log,
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(archive);
    },
  );
};
