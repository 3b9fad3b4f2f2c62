import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@rv/contracts/messages';
import { routes } from '@rv/contracts/routes/routes';
import { getSessionUser, requireUser } from '../../../auth/session-guard';
import { route } from '../../../lib/route';
import type { Services } from '../../../services';
import { openDownload } from '../images/open-download';
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

  // A raw entry (an attachment the browser navigates to): registered by hand at the catalogue's path.
  app.get(routes.downloadImage.path, { schema: { tags: ['designs'], querystring: routes.downloadImage.query } }, async (request, reply) => {
    const viewer = await getSessionUser(services, request);
    const { object, filename } = await openDownload(services, db, { ...request.query, viewer });
    return reply
      .header('content-type', object.contentType)
      .header('content-length', object.size)
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(object.body);
  });
};
