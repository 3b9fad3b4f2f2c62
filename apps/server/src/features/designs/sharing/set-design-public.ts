import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { roomDesigns } from '../../../db/schema';

/** The share toggle: a public design's results page is readable by anyone with its link. Answers the updated row. */
export async function setDesignPublic(db: Db, designId: string, isPublic: boolean) {
  const [updated] = await db.update(roomDesigns).set({ isPublic }).where(eq(roomDesigns.id, designId)).returning();
  return updated!;
}
