import type { FastifyPluginAsync } from 'fastify';
import { routes } from '@rv/contracts/routes/routes';
import { getSessionUser } from '../../auth/session-guard';
import type { Services } from '../../services';
import { isStorageKey } from '../../storage/storage';
import { mayReadFile } from './may-read-file';
import { sendStoredFile } from './send-stored-file';

/**
 * Our stored files: each is checked against its owner (or, for a public design, whether its page shows
 * the image; or the admin role for bug-report screenshots: may-read-file.ts) and served with an ETag and a
 * long cache (keys never change content).
 */
export const fileRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;

  app.get(routes.files.path, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const notFound = () => reply.code(404).send({ error: 'Not found', code: 'NOT_FOUND' });
    if (!isStorageKey(key)) return notFound();
    const viewer = await getSessionUser(services, request);
    if (!(await mayReadFile(db, key, viewer))) return notFound();
    return sendStoredFile(services.storage, key, request, reply);
  });
};
