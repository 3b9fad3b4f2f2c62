import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart'; // its request methods (isMultipart, saveRequestFiles) wherever this module is compiled
import { UPLOAD } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { AppError } from '../lib/app-error';

/** An uploaded file: where it was streamed to (a temp file), or its bytes when code hands one over directly. */
export type UploadSource = string | Buffer;

export interface UploadedFile {
  field: string;
  filename: string;
  source: UploadSource;
}

let tempDir: string | undefined;
/** This process's folder for uploads in flight (made on first use; emptied as each response ends). */
export function uploadTempDir(): string {
  tempDir ??= mkdtempSync(path.join(tmpdir(), 'rv-uploads-'));
  return tempDir;
}

/**
 * Reads a whole multipart request: text fields, and files (each at most 10 MB) streamed to temp files,
 * so ten large uploads at once never sit in memory. A file cut at the size limit is refused with 413.
 * The temp files are removed by @fastify/multipart when the response ends (or the client goes away),
 * so nothing is left behind whatever happens to the request.
 */
export async function readMultipart(
  request: FastifyRequest,
  limits: { maxFiles: number },
): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Expected a multipart form.');
  const saved = await request.saveRequestFiles({
    tmpdir: uploadTempDir(),
    limits: { fileSize: UPLOAD.maxBytes, files: limits.maxFiles, fields: 50, fieldSize: 64 * 1024 },
  });
  const files: UploadedFile[] = [];
  for (const file of saved.files) {
    if (file.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', messages.validation.unsupportedFile);
    if (file.file.bytesRead > 0) files.push({ field: file.fieldname, filename: file.filename, source: file.filepath });
  }
  return { fields: textFields(saved.values), files };
}

/** The plugin's field map holds one part or a list of parts per name; a repeated text field keeps its last value. */
function textFields(values: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, entry] of Object.entries(values)) {
    for (const part of Array.isArray(entry) ? entry : [entry]) {
      if (part && typeof part === 'object' && 'type' in part && part.type === 'field')
        fields[name] = String((part as { value?: unknown }).value ?? '');
    }
  }
  return fields;
}
