import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@rv/contracts/routes/routes';
import { requireUser } from '../../../auth/session-guard';
import { route } from '../../../lib/route';
import type { Services } from '../../../services';
import { DESIGN_DELETED, deleteRoomDesign, IMAGE_DELETED } from './delete-room-design';
import { updateDesignImage } from './update-design-image';

/** One image of a design, addressed by its id: change its saved flag, name, room type or notes; delete it. */
export const designImagesRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  route(
    app,
    routes.updateDesignImage,
    async (request) => {
      const user = await requireUser(services, request);
      const image = await updateDesignImage(services.database.db, {
        userId: user.id,
        designId: request.params.id,
        imageId: request.params.imageId,
        changes: request.body,
      });
      return { status: 200, body: { image } };
    },
    { tags: ['designs'] },
  );

  route(
    app,
    routes.deleteDesignImage,
    async (request) => {
      const user = await requireUser(services, request);
      const { deleted } = await deleteRoomDesign(
        services,
        { userId: user.id, designId: request.params.id, target: { imageId: request.params.imageId } },
        request.log,
      );
      return { status: 200, body: { message: deleted === 'design' ? DESIGN_DELETED : IMAGE_DELETED, deleted } };
    },
    { tags: ['designs'] },
  );
};
