import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart'; // its request methods (isMultipart, saveRequestFiles) wherever this module is compiled
import { messages } from '@rv/contracts/messages';
import { tooManyFiles, type FileField, type MultipartFileName, type MultipartSpec, type MultipartValues } from '@rv/contracts/multipart';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { holdsNul, NUL_REFUSED } from '../lib/refuse-nul';

/** A multipart body the parser could not read. */
export const FORM_UNREADABLE = 'The form could not be read. Please send it again.';

/** An uploaded file: where it was streamed to (a temp file), or its bytes when code hands one over directly. */
export type UploadSource = string | Buffer;

export interface UploadedFile {
  field: string;
  filename: string;
  source: UploadSource;
}

let tempDir: string | undefined;
/** This process's folder for uploads in flight (made on first use; emptied as each response ends; removed as the process exits). */
export function uploadTempDir(): string {
  if (tempDir === undefined) {
    const made = mkdtempSync(path.join(tmpdir(), 'rv-uploads-'));
    // Any app of the process may still use it until then (the tests run several in one process).
    process.once('exit', () => rmSync(made, { recursive: true, force: true }));
    tempDir = made;
  }
  return tempDir;
}

/**
 * Reads a whole multipart request against its catalogue declaration (`multipart` of the entry,
 * @rv/contracts/multipart): files (each within its field's size limit) are streamed to temp
 * files, so ten large uploads at once never sit in memory; a file cut at the size limit is refused with
 * 413. A file under a name the declaration does not list, more files than a field takes, or a required
 * one missing is refused with 400 and the declaration's message; then the text and JSON values are
 * checked by their schemas (400 with the first issue's message). The temp files are removed by
 * @fastify/multipart when the response ends (or the client goes away), so nothing is left behind.
 */
export async function readMultipart<Spec extends MultipartSpec>(
  request: FastifyRequest,
  spec: Spec,
): Promise<{ values: MultipartValues<Spec>; files: Record<MultipartFileName<Spec>, UploadedFile[]> }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Expected a multipart form.');
  const fileFields = Object.entries(spec).filter((entry): entry is [string, FileField] => entry[1].kind === 'file');
  // One file more than the fields take in all, so one too many gets the field's own message.
  const maxFiles = fileFields.reduce((sum, [, field]) => sum + field.max, 0) + 1;
  const maxBytes = Math.max(0, ...fileFields.map(([, field]) => field.maxBytes));
  const saved = await request
    .saveRequestFiles({ tmpdir: uploadTempDir(), limits: { fileSize: maxBytes, files: maxFiles, fields: 50, fieldSize: 64 * 1024 } })
    .catch((error: unknown) => {
      const only = fileFields.length === 1 ? fileFields[0]![1] : undefined;
      if ((error as { code?: string }).code === 'FST_FILES_LIMIT' && only)
        throw new AppError('BAD_REQUEST', tooManyOf(fileFields[0]![0], only));
      // A form the parser cannot read (a cut body, a wrong boundary, a broken part header) is the client's:
      // 400. Errors with a status of their own (the limits), and the system's own (a full disk), stay as they are.
      const { statusCode, errno } = error as { statusCode?: number; errno?: number };
      if (error instanceof Error && statusCode === undefined && errno === undefined) throw new AppError('BAD_REQUEST', FORM_UNREADABLE);
      throw error;
    });

  const files = Object.fromEntries(fileFields.map(([name]) => [name, [] as UploadedFile[]])) as Record<string, UploadedFile[]>;
  for (const part of saved.files) {
    const field = spec[part.fieldname];
    if (field?.kind !== 'file') throw new AppError('BAD_REQUEST', `This form takes no file named ${part.fieldname}.`);
    if (part.file.truncated || part.file.bytesRead > field.maxBytes)
      throw new AppError('PAYLOAD_TOO_LARGE', messages.validation.unsupportedFile);
    if (part.file.bytesRead > 0) files[part.fieldname]!.push({ field: part.fieldname, filename: part.filename, source: part.filepath });
  }
  for (const [name, field] of fileFields) {
    const count = files[name]!.length;
    if (count > field.max) throw new AppError('BAD_REQUEST', tooManyOf(name, field));
    if (!count && field.required) throw new AppError('BAD_REQUEST', field.required);
  }

  const sent = textFields(saved.values);
  if (holdsNul(sent) || saved.files.some((part) => holdsNul(part.filename))) throw new AppError('BAD_REQUEST', NUL_REFUSED);
  const shape: Record<string, z.ZodType> = {};
  const raw: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(spec)) {
    if (field.kind === 'file') continue;
    shape[name] = field.schema;
    const value = sent[name];
    raw[name] = field.kind === 'json' && value !== undefined ? parseJson(name, value) : value;
  }
  return { values: z.object(shape).parse(raw) as MultipartValues<Spec>, files: files as Record<MultipartFileName<Spec>, UploadedFile[]> };
}

const tooManyOf = (name: string, field: FileField) => field.tooMany ?? tooManyFiles(name, field.max);

function parseJson(name: string, value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw new AppError('BAD_REQUEST', `The form field ${name} was not valid JSON.`);
  }
}

/** The plugin's field map holds one part or a list of parts per name; a repeated text field keeps its last value. */
function textFields(values: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, entry] of Object.entries(values)) {
    for (const part of Array.isArray(entry) ? entry : [entry]) {
      if (part && typeof part === 'object' && 'type' in part && part.type === 'field')
        fields[name] = 'value' in part ? String(part.value ?? '') : '';
    }
  }
  return fields;
}
