import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@rv/contracts/routes/routes';
import { getSessionUser } from '../../../auth/session-guard';
import { route } from '../../../lib/route';
import type { Services } from '../../../services';
import { findVisibleDesign } from './find-visible-design';

/** A design's results page data: the design view (ADR 025); the spec's record is built from it in spec/. */
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
};
