import { eq } from 'drizzle-orm';
import { messages } from '@rv/contracts/messages';
import type { Db } from '../../db/client';
import { roomDesigns } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** The caller's own design, or 404 (another user's design is indistinguishable from a missing one). */
export async function findOwnDesign(db: Db, designId: string, userId: string) {
  const [design] = await db.select().from(roomDesigns).where(eq(roomDesigns.id, designId));
  if (!design || design.userId !== userId) throw new AppError('NOT_FOUND', messages.server.notFound);
  return design;
}
