import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@rv/contracts/messages';
import { AppError } from '../../lib/app-error';
import type { Storage } from '../../storage/storage';

/** Sends one of our stored files (access already checked) with its ETag and a long private cache. */
export async function sendStoredFile(storage: Storage, key: string, request: FastifyRequest, reply: FastifyReply) {
  const object = await storage.get(key);
  if (!object) throw new AppError('NOT_FOUND', messages.server.notFound);
  if (request.headers['if-none-match'] === object.etag) {
    object.body.destroy();
    return reply.code(304).send();
  }
  return reply
    .header('content-type', object.contentType)
    .header('content-length', object.size)
    .header('etag', object.etag)
    .header('cache-control', 'private, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .send(object.body);
}
