import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { designIdParam, errorBody, messageBody } from '@rv/contracts/api/common';
import { deleteDesignQuery } from '@rv/contracts/api/designs';
import { requireUser } from '../../auth/session-guard';
import type { Services } from '../../services';
import { DESIGN_DELETED, deleteRoomDesign, IMAGE_DELETED } from './delete-room-design';
import { listRoomDesigns } from './list-room-designs';
import { requireUserId } from './require-user-id';
import { myDesignsAnswer, myDesignsQuery } from './my-design-record';

/** My Designs: the caller's own designs, a page at a time, and deleting a design or one of its images. */
export const myDesignsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/api/room-designs',
    {
      schema: {
        tags: ['designs'],
        summary: 'The caller’s designs, newest first: scope=saved (My Designs, the default) or scope=all (Auto-saved Designs)',
        querystring: myDesignsQuery,
        response: { 200: myDesignsAnswer, 401: errorBody },
      },
      // The hot list: its answer is built field by field from typed rows (toMyDesignRecord), so it is sent
      // as is instead of being re-validated by zod on every request; the API tests parse it with the schema.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => listRoomDesigns(services.database.db, await requireUserId(services, request), request.query),
  );

  app.delete(
    '/api/room-designs/:id',
    {
      schema: {
        tags: ['designs'],
        summary:
          'Deletes the image at status_index, or the whole design when it has one image or fewer (or status_index=-1); c and v are accepted and ignored',
        params: designIdParam,
        querystring: deleteDesignQuery,
        body: z.unknown().optional(),
        response: { 200: messageBody.extend({ deleted: z.enum(['design', 'image']) }), 401: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const user = await requireUser(services, request);
      const { deleted } = await deleteRoomDesign(
        services,
        {
          userId: user.id,
          designId: request.params.id,
          target: request.query.status_index === -1 ? { design: true } : { position: request.query.status_index },
        },
        request.log,
      );
      return { message: deleted === 'design' ? DESIGN_DELETED : IMAGE_DELETED, deleted };
    },
  );
};
