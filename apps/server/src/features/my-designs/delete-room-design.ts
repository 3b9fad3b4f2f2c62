import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { messages } from '@rv/contracts/messages';
import { designTasks, roomDesigns } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { designFiles } from '../designs/design-files';
import type { Services } from '../../services';

export const DESIGN_STILL_RUNNING = 'This design is still being created. Please wait for it to finish before deleting it.';

/** The maps are keyed by image index: drop the removed index and move the later ones down by one. */
export function shiftIndexMap(map: Record<string, string>, removed: number): Record<string, string> {
  const next: Record<string, string> = {};
  for (const [key, value] of Object.entries(map)) {
    const index = /^\d+$/.test(key) ? Number(key) : null;
    if (index === null) next[key] = value;
    else if (index < removed) next[key] = value;
    else if (index > removed) next[String(index - 1)] = value;
  }
  return next;
}

/**
 * DELETE /api/room-designs/{id}?status_index: a design of one image or fewer (or status_index -1)
 * goes whole, with its files; otherwise only the image at status_index (the record's order: refined
 * first) goes, and the save status list and the per-image maps close up behind it. Only the owner's
 * designs are found; the files removed are the ones the record names, never names from the request.
 */
export async function deleteRoomDesign(
  services: Services,
  input: { userId: string; designId: string; statusIndex: number },
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
    const imageCount = design.refined.length + design.generated.length;
    if (input.statusIndex === -1 || imageCount <= 1) {
      const tasks = await tx
        .select({ input: designTasks.input, resultKeys: designTasks.resultKeys })
        .from(designTasks)
        .where(eq(designTasks.designId, design.id));
      await tx.delete(roomDesigns).where(eq(roomDesigns.id, design.id));
      return { deleted: 'design' as const, files: designFiles(design, tasks) };
    }
    const index = input.statusIndex;
    if (index >= imageCount) throw new AppError('NOT_FOUND', 'That image is no longer part of this design.');
    const refined = [...design.refined];
    const generated = [...design.generated];
    const [removed] = index < refined.length ? refined.splice(index, 1) : generated.splice(index - refined.length, 1);
    const saveStatusList = [...design.saveStatusList];
    saveStatusList.splice(index, 1);
    await tx
      .update(roomDesigns)
      .set({
        refined,
        generated,
        saveStatusList,
        projectNameMap: shiftIndexMap(design.projectNameMap, index),
        roomTypeMap: shiftIndexMap(design.roomTypeMap, index),
        notesMap: shiftIndexMap(design.notesMap, index),
      })
      .where(eq(roomDesigns.id, design.id));
    return { deleted: 'image' as const, files: removed ? [removed.key, removed.thumbKey] : [] };
  });
  // After the commit: a file that fails to go is logged, never un-deletes the record.
  await Promise.all(
    outcome.files.map((key) =>
      services.storage.delete(key).catch((error: unknown) => log?.warn({ err: error, key }, 'a deleted design file could not be removed')),
    ),
  );
  return { deleted: outcome.deleted };
}
