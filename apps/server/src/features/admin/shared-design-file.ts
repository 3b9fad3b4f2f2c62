import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roomDesigns, roomShares } from '../../db/schema';

/**
 * Whether `key` is one of the images of a design its owner shared with the gallery (the original, a
 * result, or their previews): the only design files an admin may open without owning them.
 */
export async function isSharedDesignFile(db: Db, key: string): Promise<boolean> {
  const [area, designId] = key.split('/');
  if (area !== 'designs' || !designId) return false;
  const [design] = await db
    .select({ original: roomDesigns.original, generated: roomDesigns.generated, refined: roomDesigns.refined })
    .from(roomShares)
    .innerJoin(roomDesigns, eq(roomDesigns.id, roomShares.roomDesignId))
    .where(eq(roomShares.roomDesignId, designId));
  if (!design) return false;
  return [design.original, ...design.generated, ...design.refined].some((image) => image.key === key || image.thumbKey === key);
}
