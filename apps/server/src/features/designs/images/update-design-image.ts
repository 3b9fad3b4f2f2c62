import { and, eq } from 'drizzle-orm';
import type { ViewImage } from '@rv/contracts/api/design-view';
import type { UpdateDesignImageBody } from '@rv/contracts/api/designs';
import { messages } from '@rv/contracts/messages';
import type { Db } from '../../../db/client';
import { designImages } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { refinementNumbers, toViewImage } from '../view/design-view';
import { loadDesignImages } from '../load-design-images';

/**
 * Changes the fields sent (saved, name, room type, notes) of one image of the caller's own design, and
 * nothing else: one UPDATE of that row, so edits of other images (another tab, a refinement finishing)
 * are never overwritten. An image of someone else's design is not found. Empty names are stored as none.
 */
export async function updateDesignImage(
  db: Db,
  input: { userId: string; designId: string; imageId: string; changes: UpdateDesignImageBody },
): Promise<ViewImage> {
  const { saved, name, roomType, notes } = input.changes;
  const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() ? value : null);
  const [row] = await db
    .update(designImages)
    .set({ saved, name: blankToNull(name), roomType: blankToNull(roomType), notes: blankToNull(notes) })
    .where(and(eq(designImages.id, input.imageId), eq(designImages.designId, input.designId), eq(designImages.userId, input.userId)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', messages.server.notFound);
  const images = (await loadDesignImages(db, [row.designId])).get(row.designId) ?? [];
  return toViewImage(row, refinementNumbers(images));
}
