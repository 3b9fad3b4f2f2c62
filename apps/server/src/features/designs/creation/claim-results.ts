import { and, eq } from 'drizzle-orm';
import { messages } from '@rv/contracts/messages';
import type { Db } from '../../../db/client';
import { roomDesigns, users } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';

/** Credits are taken when a design is made; claiming stays in the contract and never charges twice. Answers the credits left. */
export async function claimResults(db: Db, input: { userId: string; designId: string }): Promise<number> {
  const [design] = await db
    .select()
    .from(roomDesigns)
    .where(and(eq(roomDesigns.id, input.designId), eq(roomDesigns.userId, input.userId)));
  if (!design) throw new AppError('NOT_FOUND', messages.server.notFound);
  if (design.creditState === 'refunded') throw new AppError('PAYMENT_REQUIRED', 'This design failed and its credit was returned.');
  if (!design.creditClaimedAt) await db.update(roomDesigns).set({ creditClaimedAt: new Date() }).where(eq(roomDesigns.id, design.id));
  const [fresh] = await db
    .select({ used: users.transformationsUsed, limit: users.transformationsLimit })
    .from(users)
    .where(eq(users.id, input.userId));
  return Math.max(0, fresh!.limit - fresh!.used);
}
