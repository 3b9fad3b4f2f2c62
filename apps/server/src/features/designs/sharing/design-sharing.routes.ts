import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@rv/contracts/messages';
import { routes } from '@rv/contracts/routes/routes';
import { getSessionUser, requireUser } from '../../../auth/session-guard';
import { route } from '../../../lib/route';
import type { Services } from '../../../services';
import { openDesignImageFile, sendAttachment } from './open-download';
import { setDesignVisibility } from './set-design-public';
import { recordDesignFeedback } from './record-design-feedback';
import { shareRoom } from './share-room';

export const designSharingRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;

  route(
    app,
    routes.roomShare,
    async (request) => {
      const user = await requireUser(services, request);
      await shareRoom(db, { userId: user.id, designId: request.body.roomDesignId, comment: request.body.userComment });
      return { status: 200, body: { message: messages.tools.roomShared } };
    },
    { tags: ['designs'] },
  );

  route(
    app,
    routes.designFeedback,
    async (request) => {
      const user = await requireUser(services, request);
      await recordDesignFeedback(db, {
        userId: user.id,
        designId: request.body.roomDesignId,
        isHelpful: request.body.isHelpful,
        feedbackText: request.body.feedbackText,
      });
      return { status: 200, body: { message: messages.tools.feedbackThanks } };
    },
    { tags: ['designs'] },
  );

  route(
    app,
    routes.setDesignPublic,
    async (request) => {
      const user = await requireUser(services, request);
      const isPublic = await setDesignVisibility(db, { userId: user.id, designId: request.params.id, isPublic: request.body.isPublic });
      return { status: 200, body: { isPublic } };
    },
    { tags: ['designs'] },
  );

  // A raw entry (an attachment the browser navigates to): registered by hand at the catalogue's path.
  const { downloadDesignImage } = routes;
  app.get(
    downloadDesignImage.path,
    { schema: { tags: ['designs'], params: downloadDesignImage.params, querystring: downloadDesignImage.query } },
    async (request, reply) => {
      const viewer = await getSessionUser(services, request);
      const { id: designId, imageId } = request.params;
      return sendAttachment(reply, await openDesignImageFile(services, db, { designId, imageId, viewer, format: request.query.format }));
    },
  );
};
