import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@rv/contracts/routes/routes';
import { getSessionUser } from '../../../auth/session-guard';
import { route } from '../../../lib/route';
import type { Services } from '../../../services';
import { findVisibleDesign } from './find-visible-design';
import { toDesignRecord } from './spec-design-record';

/** A design's results page data: the view (our web app) and the spec's record built from it (the spec's call). */
export const designViewRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;

  route(
    app,
    routes.designView,
    async (request) => {
      const viewer = await getSessionUser(services, request);
      const { view, editable } = await findVisibleDesign(db, request.params.id, viewer);
      return { status: 200, body: { design: view, editable, noSession: !viewer } };
    },
    { tags: ['designs'] },
  );

  /** The spec's GET /api/room-design/{id}: the position-keyed record, noSession when not signed in. */
  route(
    app,
    routes.roomDesign,
    async (request) => {
      const viewer = await getSessionUser(services, request);
      const { view } = await findVisibleDesign(db, request.params.id, viewer);
      return { status: 200, body: { ...toDesignRecord(view), noSession: !viewer } };
    },
    { tags: ['designs'] },
  );
};
