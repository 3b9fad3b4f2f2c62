import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@rv/contracts/routes/routes';
import { requireUser } from '../../../auth/session-guard';
import { route } from '../../../lib/route';
import type { Services } from '../../../services';
import { DESIGN_DELETED, IMAGE_DELETED } from '../images/delete-room-design';
import { deleteAtPosition } from '../images/delete-at-position';
import { listDesigns } from './list-designs';
import { toMyDesignRecord } from '../view/spec-design-record';
import { requireUserId } from '../require-user-id';

/** My Designs: the caller's own designs, a page at a time, and deleting a design or one of its images. */
export const myDesignsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  route(
    app,
    routes.myDesigns,
    async (request) => {
      const { designs, ...page } = await listDesigns(services.database.db, await requireUserId(services, request), request.query);
      return { status: 200, body: { result: designs.map(toMyDesignRecord), error: null, ...page } };
    },
    {
      tags: ['designs'],
      // The hot list: its answer is built field by field from typed rows (toMyDesignRecord), so it is sent
      // as is instead of being re-validated by zod on every request; the API tests parse it with the schema.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
  );

  /** Our web app's My Designs and Auto-saved Designs: the same page of designs, as views (ADR 025). */
  route(
    app,
    routes.designList,
    async (request) => ({
      status: 200,
      body: await listDesigns(services.database.db, await requireUserId(services, request), request.query),
    }),
    { tags: ['designs'], serializerCompiler: () => (data) => JSON.stringify(data) },
  );

  route(
    app,
    routes.deleteDesign,
    async (request) => {
      const user = await requireUser(services, request);
      const { deleted } = await deleteAtPosition(
        services,
        { userId: user.id, designId: request.params.id, position: request.query.status_index },
        request.log,
      );
      return { status: 200, body: { message: deleted === 'design' ? DESIGN_DELETED : IMAGE_DELETED, deleted } };
    },
    { tags: ['designs'] },
  );
};
