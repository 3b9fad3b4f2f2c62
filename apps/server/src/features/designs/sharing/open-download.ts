import type { FastifyReply } from 'fastify';
import { ORIGINAL_PHOTO_ID } from '@rv/contracts/api/design-view';
import { messages } from '@rv/contracts/messages';
import { and, eq } from 'drizzle-orm';
import { designImages, roomDesigns } from '../../../db/schema';
import type { UserRow } from '../../../auth/session-guard';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { Services } from '../../../services';

/** project name + ISO timestamp + .webp, with nothing a header or a file system could trip on. */
export function downloadFilename(name: string | undefined, now = new Date()): string {
  const base =
    (name ?? '')
      .normalize('NFKD')
      .replace(/[^\w.-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '')
      .slice(0, 80) || 'room-design';
  return `${base}-${now.toISOString().replace(/[:.]/g, '-')}.webp`;
}

/**
 * GET /api/designs/{id}/images/{imageId}/download: one image of a design the viewer may see (its owner;
 * anyone for a public design; an admin), found by its id among that design's rows ('original': the room
 * photo), named after the image (or, for the room photo, the design's first saved name) for its owner,
 * neutrally for anyone else. Any other id,
 * or a design the viewer may not see, is not found.
 */
export async function openDesignImageFile(
  services: Services,
  db: Db,
  input: { designId: string; imageId: string; viewer: UserRow | null },
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
    key = design.original.key;
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
  const object = await services.storage.get(key);
  if (!object) throw new AppError('NOT_FOUND', messages.server.notFound);
  return { object, filename: downloadFilename(name) };
}

/** Sends an opened file as an attachment under its name, never cached nor sniffed. */
export const sendAttachment = (reply: FastifyReply, { object, filename }: Awaited<ReturnType<typeof openDesignImageFile>>) =>
  reply
    .header('content-type', object.contentType)
    .header('content-length', object.size)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(object.body);
