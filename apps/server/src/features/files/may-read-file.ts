import { eq } from 'drizzle-orm';
import type { UserRow } from '../../auth/session-guard';
import type { Db } from '../../db/client';
import { roomDesigns } from '../../db/schema';

/** Who may read a stored file: a design's owner (or anyone when it is public; admins, who open designs from feedback), the owner of an avatar or StyleLens photo, admins for bug reports. */
export async function mayReadFile(db: Db, key: string, viewer: UserRow | null): Promise<boolean> {
  const [area, owner] = key.split('/');
  if (area === 'designs' && owner) {
    const [design] = await db
      .select({ userId: roomDesigns.userId, isPublic: roomDesigns.isPublic })
      .from(roomDesigns)
      .where(eq(roomDesigns.id, owner));
    return Boolean(design && (design.isPublic || design.userId === viewer?.id || viewer?.role === 'admin'));
  }
  if ((area === 'avatars' || area === 'style-lens') && owner) return viewer?.id === owner;
  if (area === 'bug-reports') return viewer?.role === 'admin';
  return false;
}
