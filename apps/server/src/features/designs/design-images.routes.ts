import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, messageBody } from '@rv/contracts/api/common';
import { designImageAnswer, designImageParams, updateDesignImageBody } from '@rv/contracts/api/designs';
import { requireUser } from '../../auth/session-guard';
import type { Services } from '../../services';
import { DESIGN_DELETED, deleteRoomDesign, IMAGE_DELETED } from './delete-room-design';
import { updateDesignImage } from './update-design-image';

/** One image of a design, addressed by its id: change its saved flag, name, room type or notes; delete it. */
export const designImagesRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.patch(
    '/api/room-designs/:id/images/:imageId',
    {
      schema: {
        tags: ['designs'],
        summary: 'Changes only the fields sent (saved, name, roomType, notes) of one image of the caller’s design',
        params: designImageParams,
        body: updateDesignImageBody,
        response: { 200: designImageAnswer, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const user = await requireUser(services, request);
      const image = await updateDesignImage(services.database.db, {
        userId: user.id,
        designId: request.params.id,
        imageId: request.params.imageId,
        changes: request.body,
      });
      return { image };
    },
  );

  app.delete(
    '/api/room-designs/:id/images/:imageId',
    {
      schema: {
        tags: ['designs'],
        summary: 'Deletes one image of the caller’s design (the whole design when it is its only image)',
        params: designImageParams,
        body: z.unknown().optional(),
        response: { 200: messageBody.extend({ deleted: z.enum(['design', 'image']) }), 401: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const user = await requireUser(services, request);
      const { deleted } = await deleteRoomDesign(
        services,
        { userId: user.id, designId: request.params.id, target: { imageId: request.params.imageId } },
        request.log,
      );
      return { message: deleted === 'design' ? DESIGN_DELETED : IMAGE_DELETED, deleted };
    },
  );
};
