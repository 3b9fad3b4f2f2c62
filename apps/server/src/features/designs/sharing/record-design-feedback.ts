import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { messages } from '@rv/contracts/messages';
import type { Db } from '../../../db/client';
import { designFeedback, roomDesigns } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';

/** 'How did we do?' on a design the caller owns or can see (a public one): one answer per user and design, the last one kept. */
export async function recordDesignFeedback(
  db: Db,
  input: { userId: string; designId: string; isHelpful: boolean; feedbackText?: string | null },
): Promise<void> {
  const [design] = await db.select().from(roomDesigns).where(eq(roomDesigns.id, input.designId));
  if (!design || (design.userId !== input.userId && !design.isPublic)) throw new AppError('NOT_FOUND', messages.server.notFound);
  const values = { isHelpful: input.isHelpful, feedbackText: input.feedbackText?.trim() || null };
  await db
    .insert(designFeedback)
    .values({ id: randomUUID(), userId: input.userId, roomDesignId: design.id, ...values })
    .onConflictDoUpdate({ target: [designFeedback.userId, designFeedback.roomDesignId], set: values });
}
