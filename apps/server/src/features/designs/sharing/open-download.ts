import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply } from 'fastify';
import sharp, { type Sharp } from 'sharp';
import { ORIGINAL_PHOTO_ID, type DownloadFormat } from '@rv/contracts/images';
import { messages } from '@rv/contracts/messages';
import { and, eq } from 'drizzle-orm';
import { designImages, roomDesigns } from '../../../db/schema';
import type { UserRow } from '../../../auth/session-guard';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { Services } from '../../../services';
import type { StoredObject } from '../../../storage/storage';
import { readObject } from '../../../storage/read-object';
import { withImageSlot } from '../../../uploads/image-slots';

/** A file's extension for its type ('image/jpeg' is .jpg). */
const EXTENSION: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** project name + ISO timestamp + the file's extension (.webp unless told), with nothing a header or a file system could trip on. */
export function downloadFilename(name: string | undefined, now = new Date(), extension = 'webp'): string {
  const base =
    (name ?? '')
      .normalize('NFKD')
      .replace(/[^\w.-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '')
      .slice(0, 80) || 'room-design';
  return `${base}-${now.toISOString().replace(/[:.]/g, '-')}.${extension}`;
}

/**
 * GET /api/designs/{id}/images/{imageId}/download: one image of a design the viewer may see (its owner;
 * anyone for a public design; an admin), found by its id among that design's rows ('original': the room
 * photo, as it was given when it was kept so: its own format and pixels, its metadata cut out), named after the
 * image (or, for the room photo, the design's first saved name) for its owner, neutrally for anyone else. A
 * result comes in the format asked (JPG, PNG or WebP) at the full size it was made; the stored WebP as it is
 * when none is asked. Any other id, or a design the viewer may not see, is not found.
 */
export async function openDesignImageFile(
  services: Services,
  db: Db,
  input: { designId: string; imageId: string; viewer: UserRow | null; format?: DownloadFormat },
) {
  const [design] = await db.select().from(roomDesigns).where(eq(roomDesigns.id, input.designId));
  const visible = design && (design.userId === input.viewer?.id || design.isPublic || input.viewer?.role === 'admin');
  if (!design || !visible) throw new AppError('NOT_FOUND', messages.server.notFound);
  // The images' names are their owner's own (docs/security.md#authorization-asvs-v8): anyone else's download is named neutrally.
  const owner = design.userId === input.viewer?.id;
  let key: string;
  let name: string;
  if (input.imageId === ORIGINAL_PHOTO_ID) {
    const [named] = await db
      .select({ name: designImages.name })
      .from(designImages)
      .where(and(eq(designImages.designId, design.id), eq(designImages.saved, true)))
      .orderBy(designImages.rank)
      .limit(1);
    key = design.original.given?.key ?? design.original.key;
    name = `${(owner && named?.name) || 'room'}-original`;
  } else {
    const [image] = await db
      .select({ key: designImages.key, name: designImages.name })
      .from(designImages)
      .where(and(eq(designImages.id, input.imageId), eq(designImages.designId, design.id)));
    if (!image) throw new AppError('NOT_FOUND', messages.server.notFound);
    key = image.key;
    name = (owner && image.name) || 'room-design';
  }
  const stored = await services.storage.get(key);
  if (!stored) throw new AppError('NOT_FOUND', messages.server.notFound);
  const asked = input.imageId === ORIGINAL_PHOTO_ID ? undefined : input.format;
  const object: DownloadFile = asked && EXTENSION[stored.contentType] !== asked ? await converted(services, key, asked) : stored;
  if (object !== stored) stored.body.destroy();
  return { object, filename: downloadFilename(name, new Date(), EXTENSION[object.contentType] ?? 'webp') };
}

/** How each format is written: JPG at a quality that keeps a photograph's detail, PNG losslessly, WebP as stored. */
const ENCODE: Record<DownloadFormat, { contentType: string; encode: (image: Sharp) => Sharp }> = {
  jpg: { contentType: 'image/jpeg', encode: (image) => image.jpeg({ quality: 92, mozjpeg: true }) },
  png: { contentType: 'image/png', encode: (image) => image.png({ compressionLevel: 6 }) },
  webp: { contentType: 'image/webp', encode: (image) => image.webp({ quality: 90 }) },
};

/** A file to send: its bytes, its type, and its size when known before the first byte (a stored file's). */
type DownloadFile = Pick<StoredObject, 'body' | 'contentType'> & { size?: number };

/**
 * A stored image written in another format at its full size (no resize), in one of the image slots the uploads
 * use. Written as it is sent: the answer (its name and type) goes at once, so the person's download starts on
 * their screen when they press, and the bytes follow as they are encoded (~1 s for a large JPG), however long
 * the slot takes to come; its size is not known before. A failure part-way ends the download as failed.
 */
async function converted(services: Services, key: string, format: DownloadFormat): Promise<DownloadFile> {
  const source = await readObject(services.storage, key);
  if (!source) throw new AppError('NOT_FOUND', messages.server.notFound);
  const { contentType, encode } = ENCODE[format];
  const body = new PassThrough();
  withImageSlot(() => pipeline(encode(sharp(source)), body)).catch((error: unknown) =>
    body.destroy(error instanceof Error ? error : undefined),
  );
  return { body, contentType };
}

/**
 * Sends an opened file as an attachment under its name, never cached nor sniffed; its length when known. A file
 * written as it is sent has its answer sent at once: Fastify would hold the headers until the first byte, so they
 * are flushed when the file is piped to the answer (after Fastify has set them).
 */
export function sendAttachment(reply: FastifyReply, { object, filename }: { object: DownloadFile; filename: string }) {
  if (object.size === undefined) reply.raw.once('pipe', () => reply.raw.flushHeaders());
  else reply.header('content-length', object.size);
  return reply
    .header('content-type', object.contentType)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(object.body);
}
