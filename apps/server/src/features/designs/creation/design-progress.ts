import { and, count, eq, lt } from 'drizzle-orm';
import { messages } from '@rv/contracts/messages';
import type { Db } from '../../../db/client';
import { roomDesigns } from '../../../db/schema';

/** A design as its event stream reads it (undefined once deleted). */
export async function readDesignProgress(db: Db, designId: string) {
  const [design] = await db
    .select({
      id: roomDesigns.id,
      userId: roomDesigns.userId,
      status: roomDesigns.status,
      statusText: roomDesigns.statusText,
      error: roomDesigns.error,
      createdAt: roomDesigns.createdAt,
    })
    .from(roomDesigns)
    .where(eq(roomDesigns.id, designId));
  return design;
}

export type DesignProgress = NonNullable<Awaited<ReturnType<typeof readDesignProgress>>>;

/**
 * What a design still being made is doing, in words: a queued one its place in the queue (the designs of
 * everyone queued before it, plus one), a running one what its job last wrote (generate-design.ts).
 */
export async function progressText(db: Db, design: DesignProgress): Promise<string> {
  if (design.status !== 'queued') return design.statusText;
  const [ahead] = await db
    .select({ n: count() })
    .from(roomDesigns)
    .where(and(eq(roomDesigns.status, 'queued'), lt(roomDesigns.createdAt, design.createdAt)));
  return messages.designProgress.queued((ahead?.n ?? 0) + 1);
}
