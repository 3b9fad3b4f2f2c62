import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@rv/contracts/routes/routes';
import { getSessionUser } from '../../../auth/session-guard';
import type { Services } from '../../../services';
import { sendAttachment } from '../sharing/open-download';
import { openDownload } from './open-download-by-url';

/**
 * The spec's GET /api/download-image?url=&filename=: one of our own files by its URL (a raw entry, an
 * attachment the browser navigates to: registered by hand at the catalogue's path). Our web app
 * downloads an image by its id (GET /api/designs/{id}/images/{imageId}/download).
 */
export const specDownloadRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;
  const { downloadImage } = routes;
  app.get(downloadImage.path, { schema: { tags: ['designs'], querystring: downloadImage.query } }, async (request, reply) => {
    const viewer = await getSessionUser(services, request);
    return sendAttachment(reply, await openDownload(services, db, { ...request.query, viewer }));
  });
};
