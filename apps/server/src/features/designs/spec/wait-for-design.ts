import { eq } from 'drizzle-orm';
import { TIMEOUTS_MS } from '@rv/contracts/constants';
import type { Db } from '../../../db/client';
import { roomDesigns } from '../../../db/schema';
import { waitFor } from '../wait-for';

/**
 * Waits for a design being made (step 4): answers its status when it is done or failed, or as it is
 * when the browser goes away (`gone`) or the spec's time is up (the design still completes and shows
 * under Auto-saved Designs).
 */
export async function waitForDesign(db: Db, designId: string, gone: () => boolean) {
  return waitFor({
    read: async () => {
      const [design] = await db
        .select({ status: roomDesigns.status, error: roomDesigns.error })
        .from(roomDesigns)
        .where(eq(roomDesigns.id, designId));
      return design;
    },
    settled: (design) => !design || design.status === 'done' || design.status === 'failed',
    until: Date.now() + TIMEOUTS_MS.createDesign,
    stop: gone,
  });
}
