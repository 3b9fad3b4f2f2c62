import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { messages } from '@rv/contracts/messages';
import { AppError } from './app-error';

/**
 * The one error handler: validation failures answer 400 with their issues, application errors their
 * own status and message, everything else 500 without internals (logged with the request id).
 */
export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => ({
      path: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? ''),
      message: v.message ?? 'Invalid value',
    }));
    return reply.code(400).send({ error: issues[0]?.message ?? messages.server.validation, code: 'BAD_REQUEST', issues });
  }
  if (error instanceof ZodError) {
    const issues = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    return reply.code(400).send({ error: issues[0]?.message ?? messages.server.validation, code: 'BAD_REQUEST', issues });
  }
  if (error instanceof AppError) {
    if (error.status >= 500) request.log.error({ err: error }, error.message);
    return reply.code(error.status).send({ error: error.message, code: error.code });
  }
  const status = (error as FastifyError).statusCode ?? 500;
  const code = (error as FastifyError).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE' || status === 413) {
    return reply.code(413).send({ error: messages.validation.unsupportedFile, code: 'PAYLOAD_TOO_LARGE' });
  }
  if (status === 429) return reply.code(429).send({ error: messages.server.tooManyRequests, code: 'TOO_MANY_REQUESTS' });
  if (status >= 400 && status < 500) return reply.code(status).send({ error: error.message, code: code ?? 'BAD_REQUEST' });
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ error: messages.server.internal, code: 'INTERNAL' });
}
