import { and, eq } from 'drizzle-orm';
import { messages } from '@rv/contracts/messages';
import { AppError } from '../../../lib/app-error';
import type { Db } from '../../../db/client';
import { roomDesigns } from '../../../db/schema';

/** The share toggle: a public design's results page is readable by anyone with its link. Answers the updated row. */
export async function setDesignPublic(db: Db, designId: string, isPublic: boolean) {
  const [updated] = await db.update(roomDesigns).set({ isPublic }).where(eq(roomDesigns.id, designId)).returning();
  return updated!;
}

/** Share View / Private View of the caller's own design (another user's design is not found). Answers the flag now stored. */
export async function setDesignVisibility(db: Db, input: { userId: string; designId: string; isPublic: boolean }): Promise<boolean> {
  const [updated] = await db
    .update(roomDesigns)
    .set({ isPublic: input.isPublic })
    .where(and(eq(roomDesigns.id, input.designId), eq(roomDesigns.userId, input.userId)))
    .returning({ isPublic: roomDesigns.isPublic });
  if (!updated) throw new AppError('NOT_FOUND', messages.server.notFound);
  return updated.isPublic;
}
