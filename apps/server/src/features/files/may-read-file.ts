import { and, eq, or } from 'drizzle-orm';
import type { UserRow } from '../../auth/session-guard';
import type { Db } from '../../db/client';
import { designImages, roomDesigns } from '../../db/schema';
import { inSharedHome, recordAdminRead } from '../designs';

/**
 * Who may read a stored file (GET /api/files/* and /api/download-image both ask here):
 * - a design's files: its owner and admins (who open designs from feedback) read all of them; anyone
 *   else, only when the design is public, and then only the images its public results page displays:
 *   the original room photo and the result images (generated, refined, fixed), each with its thumbnail.
 *   The owner's item, finish and inspiration photos, tweak photos, results.json and task outputs no
 *   longer listed are never shown to a visitor; an admin's read of a private design's file is audited;
 * - an avatar or StyleLens photo: its owner;
 * - a bug report's screenshots: admins.
 */
export async function mayReadFile(db: Db, key: string, viewer: UserRow | null): Promise<boolean> {
  const [area, owner] = key.split('/');
  if (area === 'designs' && owner) {
    const [design] = await db
      .select({
        userId: roomDesigns.userId,
        isPublic: roomDesigns.isPublic,
        original: roomDesigns.original,
        morePhotos: roomDesigns.morePhotos,
        homeId: roomDesigns.homeId,
      })
      .from(roomDesigns)
      .where(eq(roomDesigns.id, owner));
    if (!design) return false;
    if (design.userId === viewer?.id) return true;
    if (viewer?.role === 'admin') {
      await recordAdminRead(db, viewer, { id: owner, ...design }, 'file');
      return true;
    }
    // A design is shown to visitors by its own Share View or by a shared home's page (issue 49).
    if (!design.isPublic && !(await inSharedHome(db, design))) return false;
    if ([design.original, ...design.morePhotos].some((photo) => key === photo.key || key === photo.thumbKey)) return true;
    const [shown] = await db
      .select({ id: designImages.id })
      .from(designImages)
      .where(and(eq(designImages.designId, owner), or(eq(designImages.key, key), eq(designImages.thumbKey, key))))
      .limit(1);
    return Boolean(shown);
  }
  if ((area === 'avatars' || area === 'style-lens') && owner) return viewer?.id === owner;
  if (area === 'bug-reports') return viewer?.role === 'admin';
  return false;
}
