import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { designImages, roomDesigns, roomShares } from '../../db/schema';

/**
 * Whether `key` is one of the images of a design its owner shared with the gallery (the original, a
 * result, or their previews): the only design files an admin may open without owning them.
 */
export async function isSharedDesignFile(db: Db, key: string): Promise<boolean> {
  const [area, designId] = key.split('/');
  if (area !== 'designs' || !designId) return false;
  const [design] = await db
    .select({ original: roomDesigns.original })
    .from(roomShares)
    .innerJoin(roomDesigns, eq(roomDesigns.id, roomShares.roomDesignId))
    .where(eq(roomShares.roomDesignId, designId));
  if (!design) return false;
  const results = await db
    .select({ key: designImages.key, thumbKey: designImages.thumbKey })
    .from(designImages)
    .where(eq(designImages.designId, designId));
  return [design.original, ...results].some((image) => image.key === key || image.thumbKey === key);
}
