import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { messages } from '@rv/contracts/messages';
import { designImages, designTasks, roomDesigns } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import type { Services } from '../../../services';
import { deleteAfterCommit } from '../../../jobs/discard-objects';
import { recordObjectDeletions } from '../../../storage/object-deletions';
import { designFiles } from './design-files';
import { loadDesignImages } from '../load-design-images';

export const DESIGN_STILL_RUNNING = 'This design is still being created. Please wait for it to finish before deleting it.';
export const DESIGN_DELETED = 'Design deleted';
export const IMAGE_DELETED = 'Image deleted';
export const IMAGE_GONE = 'That image is no longer part of this design.';

/** What to delete: the whole design, or one image by its id. */
export type DeleteTarget = { design: true } | { imageId: string };

/**
 * Deletes a whole design with its files, or one of its result images (its row and its two files; no
 * other image changes, as each carries its own name, notes and saved flag). A design of one image or
 * fewer goes whole. Only the owner's designs are found; the files removed are the ones the rows name,
 * never names from the request. They are recorded for deletion in the transaction that deletes the rows
 * and deleted from the store after the commit (at once, then by the deletion job, which retries until
 * the store answers: ADR 033): a store that is down never keeps a record nor leaves a file behind.
 */
export async function deleteRoomDesign(
  services: Services,
  input: { userId: string; designId: string; target: DeleteTarget },
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<{ deleted: 'design' | 'image' }> {
  const { db } = services.database;
  const outcome = await db.transaction(async (tx) => {
    const [design] = await tx
      .select()
      .from(roomDesigns)
      .where(and(eq(roomDesigns.id, input.designId), eq(roomDesigns.userId, input.userId)))
      .for('update');
    if (!design) throw new AppError('NOT_FOUND', messages.server.notFound);
    if (design.status === 'queued' || design.status === 'running') throw new AppError('CONFLICT', DESIGN_STILL_RUNNING);
    const images = (await loadDesignImages(tx, [design.id])).get(design.id) ?? [];
    const { target } = input;
    const image = 'imageId' in target ? images.find((i) => i.id === target.imageId) : undefined;
    // An image named by id must exist; the design's last image takes the design with it.
    const whole = 'design' in target || (images.length <= 1 && image !== undefined);
    if (!whole && !image) throw new AppError('NOT_FOUND', messages.server.notFound);
    if (whole) {
      const tasks = await tx
        .select({ id: designTasks.id, input: designTasks.input, resultKeys: designTasks.resultKeys })
        .from(designTasks)
        .where(eq(designTasks.designId, design.id));
      await tx.delete(roomDesigns).where(eq(roomDesigns.id, design.id));
      const files = designFiles(design, images, tasks);
      await recordObjectDeletions(tx, files);
      return { deleted: 'design' as const, files };
    }
    await tx.delete(designImages).where(eq(designImages.id, image!.id));
    const files = [image!.key, image!.thumbKey];
    await recordObjectDeletions(tx, files);
    return { deleted: 'image' as const, files };
  });
  await deleteAfterCommit({ ...services, log: log ?? services.log }, outcome.files);
  return { deleted: outcome.deleted };
}
