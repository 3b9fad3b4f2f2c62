import { randomUUID } from 'node:crypto';
import type { Db } from '../../../db/client';
import { roomShares } from '../../../db/schema';
import { findOwnDesign } from '../find-own-design';

/** 'Share your room with us!': the caller's design goes to the gallery admins see, once (a second share changes nothing). */
export async function shareRoom(db: Db, input: { userId: string; designId: string; comment?: string | null }): Promise<void> {
  const design = await findOwnDesign(db, input.designId, input.userId);
  await db
    .insert(roomShares)
    .values({ id: randomUUID(), userId: input.userId, roomDesignId: design.id, userComment: input.comment ?? null })
    .onConflictDoNothing();
}
