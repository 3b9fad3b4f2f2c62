import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { designImages, roomDesigns, type DesignImageRow } from '../../../db/schema';
import { loadDesignImages } from '../load-design-images';

/** What may change of one image: its saved flag, name, room type and notes. */
export type ImageChanges = Partial<Pick<DesignImageRow, 'saved' | 'name' | 'roomType' | 'notes'>>;

/**
 * Changes several images of one design, each by its id, with the design row locked, so its images
 * cannot change under the call (a delete, a refinement finishing). `plan` receives the design's images
 * (in the results page's order) and answers the changes wanted, keyed by image id (it may throw to
 * refuse); of those, only fields whose value differs from the stored one are written, one UPDATE per
 * changed image. An id that is not one of the design's images is ignored.
 */
export async function changeDesignImages(
  db: Db,
  designId: string,
  plan: (images: DesignImageRow[]) => Map<string, ImageChanges>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.select({ id: roomDesigns.id }).from(roomDesigns).where(eq(roomDesigns.id, designId)).for('update');
    const images = (await loadDesignImages(tx, [designId])).get(designId) ?? [];
    const wanted = plan(images);
    for (const image of images) {
      const want = wanted.get(image.id);
      if (!want) continue;
      const changed = <T>(value: T | undefined, have: T) => (value !== undefined && value !== have ? value : undefined);
      const changes: ImageChanges = {
        saved: changed(want.saved, image.saved),
        name: changed(want.name, image.name),
        roomType: changed(want.roomType, image.roomType),
        notes: changed(want.notes, image.notes),
      };
      if (Object.values(changes).some((value) => value !== undefined))
        await tx.update(designImages).set(changes).where(eq(designImages.id, image.id));
    }
  });
}
