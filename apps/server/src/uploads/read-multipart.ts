import type { FastifyRequest } from 'fastify';
import { UPLOAD } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { AppError } from '../lib/app-error';

export interface UploadedFile {
  field: string;
  filename: string;
  data: Buffer;
}

/**
 * Reads a whole multipart request: text fields and files (each at most 10 MB). A file cut at the size
 * limit is refused with 413; nothing is stored here, so nothing is left behind.
 */
export async function readMultipart(
  request: FastifyRequest,
  limits: { maxFiles: number },
): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Expected a multipart form.');
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  const parts = request.parts({ limits: { fileSize: UPLOAD.maxBytes, files: limits.maxFiles, fields: 50, fieldSize: 64 * 1024 } });
  for await (const part of parts) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', messages.validation.unsupportedFile);
      if (data.length > 0) files.push({ field: part.fieldname, filename: part.filename, data });
    } else {
      fields[part.fieldname] = String(part.value ?? '');
    }
  }
  return { fields, files };
}
