import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, messageBody } from '@rv/contracts/api/common';
import { designFeedbackBody, roomShareBody } from '@rv/contracts/api/creation';
import { downloadImageQuery } from '@rv/contracts/api/designs';
import { messages } from '@rv/contracts/messages';
import { getSessionUser, requireUser } from '../../auth/session-guard';
import { designFeedback, roomDesigns, roomShares } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Services } from '../../services';
import { isStorageKey } from '../../storage/storage';
import { mayReadFile } from '../files/may-read-file';
import { findOwnDesign } from './find-own-design';

export const NOT_OUR_IMAGE = 'Only images stored by Room Visualizer can be downloaded.';

/**
 * The storage key named by a download URL: only our own file URLs (/api/files/<key>, relative or on
 * PUBLIC_URL) or a bare key. Anything else (other hosts, file:, data:) is refused: never fetched.
 */
export function keyFromDownloadUrl(url: string, publicUrl: string): string | null {
  let path = url;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return null;
    }
    if (parsed.origin !== new URL(publicUrl).origin) return null;
    path = parsed.pathname;
  }
  const key = decodeURIComponent(path.replace(/^\/api\/files\//, ''));
  return isStorageKey(key) ? key : null;
}

/** project name + ISO timestamp + .webp, with nothing a header or a file system could trip on. */
export function downloadFilename(name: string | undefined, now = new Date()): string {
  const base =
    (name ?? '')
      .normalize('NFKD')
      .replace(/[^\w.-]+/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '')
      .slice(0, 80) || 'room-design';
  return `${base}-${now.toISOString().replace(/[:.]/g, '-')}.webp`;
}

export const designSharingRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;

  app.post(
    '/api/room-share',
    { schema: { tags: ['designs'], body: roomShareBody, response: { 200: messageBody, 401: errorBody, 404: errorBody } } },
    async (request) => {
      const user = await requireUser(services, request);
      const design = await findOwnDesign(db, request.body.roomDesignId, user.id);
      await db
        .insert(roomShares)
        .values({ id: randomUUID(), userId: user.id, roomDesignId: design.id, userComment: request.body.userComment ?? null })
        .onConflictDoNothing();
      return { message: messages.tools.roomShared };
    },
  );

  app.post(
    '/api/design-feedback',
    { schema: { tags: ['designs'], body: designFeedbackBody, response: { 200: messageBody, 401: errorBody, 404: errorBody } } },
    async (request) => {
      const user = await requireUser(services, request);
      const [design] = await db.select().from(roomDesigns).where(eq(roomDesigns.id, request.body.roomDesignId));
      if (!design || (design.userId !== user.id && !design.isPublic)) throw new AppError('NOT_FOUND', messages.server.notFound);
      const values = { isHelpful: request.body.isHelpful, feedbackText: request.body.feedbackText?.trim() || null };
      await db
        .insert(designFeedback)
        .values({ id: randomUUID(), userId: user.id, roomDesignId: design.id, ...values })
        .onConflictDoUpdate({ target: [designFeedback.userId, designFeedback.roomDesignId], set: values });
      return { message: messages.tools.feedbackThanks };
    },
  );

  app.get('/api/download-image', { schema: { tags: ['designs'], querystring: downloadImageQuery } }, async (request, reply) => {
    const key = keyFromDownloadUrl(request.query.url, services.config.PUBLIC_URL);
    if (!key) throw new AppError('BAD_REQUEST', NOT_OUR_IMAGE);
    const viewer = await getSessionUser(services, request);
    if (!(await mayReadFile(db, key, viewer))) throw new AppError('NOT_FOUND', messages.server.notFound);
    const object = await services.storage.get(key);
    if (!object) throw new AppError('NOT_FOUND', messages.server.notFound);
    const filename = downloadFilename(request.query.filename);
    return reply
      .header('content-type', object.contentType)
      .header('content-length', object.size)
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(object.body);
  });
};
