import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, messageBody } from '@rv/contracts/api/common';
import { designFeedbackBody, roomShareBody } from '@rv/contracts/api/creation';
import { downloadImageQuery } from '@rv/contracts/api/designs';
import { messages } from '@rv/contracts/messages';
import { getSessionUser, requireUser } from '../../auth/session-guard';
import type { Services } from '../../services';
import { openDownload } from './open-download';
import { recordDesignFeedback } from './record-design-feedback';
import { shareRoom } from './share-room';

export const designSharingRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;

  app.post(
    '/api/room-share',
    { schema: { tags: ['designs'], body: roomShareBody, response: { 200: messageBody, 401: errorBody, 404: errorBody } } },
    async (request) => {
      const user = await requireUser(services, request);
      await shareRoom(db, { userId: user.id, designId: request.body.roomDesignId, comment: request.body.userComment });
      return { message: messages.tools.roomShared };
    },
  );

  app.post(
    '/api/design-feedback',
    { schema: { tags: ['designs'], body: designFeedbackBody, response: { 200: messageBody, 401: errorBody, 404: errorBody } } },
    async (request) => {
      const user = await requireUser(services, request);
      await recordDesignFeedback(db, {
        userId: user.id,
        designId: request.body.roomDesignId,
        isHelpful: request.body.isHelpful,
        feedbackText: request.body.feedbackText,
      });
      return { message: messages.tools.feedbackThanks };
    },
  );

  app.get('/api/download-image', { schema: { tags: ['designs'], querystring: downloadImageQuery } }, async (request, reply) => {
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
