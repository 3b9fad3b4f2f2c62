import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roomDesigns } from '../../db/schema';

const DESIGN_PAGE = /^\/(furnishing-decorating|kitchen-bathroom)\/design\/([\w-]{1,64})$/;

/** Open Graph details for a shared (public) design page, so its link previews with the redesign. */
export async function designPageMeta(db: Db, publicUrl: string, path: string): Promise<{ title: string; image: string } | null> {
  const match = DESIGN_PAGE.exec(path);
  if (!match) return null;
  const [design] = await db.select().from(roomDesigns).where(eq(roomDesigns.id, match[2]!));
  const image = design?.refined[0] ?? design?.generated[0];
  if (!design?.isPublic || !image) return null;
  const name = design.projectNameMap['0'];
  return {
    title: name ? `${name}: a Room Visualizer redesign` : 'A room redesigned with Room Visualizer',
    image: `${publicUrl}/api/files/${image.key}`,
  };
}
