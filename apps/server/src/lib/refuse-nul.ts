import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/** The answer to a text with a NUL character in it: no text of ours has one, and PostgreSQL stores none. */
export const NUL_REFUSED = 'The request has a character that is not allowed (a NUL).';

/** Whether a value (a string, or the strings inside an object or array) holds a NUL character. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || holdsNul(inner, depth + 1));
}

/**
 * Refuses, with 400, a request whose path parameters, query or JSON body hold a NUL character, before any
 * handler reads them (PostgreSQL refuses one in text with an error that would otherwise be a 500).
 * Multipart fields are checked where they are read (uploads/read-multipart.ts).
 */
export async function refuseNul(request: FastifyRequest): Promise<void> {
  if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) throw new AppError('BAD_REQUEST', NUL_REFUSED);
}
