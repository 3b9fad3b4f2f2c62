import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { roomDesigns } from '../../../db/schema';
import type { Services } from '../../../services';
import { deleteAfterCommit } from '../../../jobs/discard-objects';
import { recordObjectDeletions } from '../../../storage/object-deletions';
import { generatedResultKeys } from '../images/design-files';
import { refundCredit } from './refund-credit';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** How many results a new design asks the engine for (generate-design.ts stores at most these). */
export const VARIATIONS_PER_DESIGN = 2;
/** Most results a new design stores: its variations, or one per photo of a room given as up to 4 photos (ADR 065). */
export const MAX_RESULTS_PER_DESIGN = 4;

/**
 * A design that failed for good: with its row locked, it is marked failed, its credit refunded once,
 * and every result its generation may have stored is recorded for deletion, in one transaction; the
 * store is called after the commit (at once, then by the deletion job, which retries until the store
 * answers: ADR 033). No row ever names those results, so no reader finds them meanwhile, and a run that
 * finishes later never makes the design done (generate-design.ts records what it stored, the same way).
 */
export async function failDesign(services: Services, designId: string, message: string): Promise<void> {
  const failed = await services.database.db.transaction(async (tx) => {
    const [design] = await tx.select().from(roomDesigns).where(eq(roomDesigns.id, designId)).for('update');
    if (!design || design.status === 'done' || design.status === 'failed') return null;
    await tx.update(roomDesigns).set({ status: 'failed', error: message, creditState: 'refunded' }).where(eq(roomDesigns.id, designId));
    const refunded = design.creditState === 'reserved';
    if (refunded) await refundCredit(tx, design.userId);
    return { tool: design.tool, refunded, discarded: await discardDesignResults(tx, designId) };
  });
  if (!failed) return;
  await deleteAfterCommit(services, failed.discarded);
  // Counted once committed (a failed transaction changed nothing).
  services.metrics.countDesign('failed', failed.tool);
  if (failed.refunded) services.metrics.countCredit('refunded');
}

/**
 * A failed design keeps its uploads (it is listed and can be deleted or tried again); results stored
 * for it are shown nowhere, so they and their manifest are recorded for deletion in the caller's
 * transaction; answers them, for the caller to delete after its commit (deleteAfterCommit).
 */
export async function discardDesignResults(tx: Tx, designId: string): Promise<string[]> {
  const keys = generatedResultKeys(designId, MAX_RESULTS_PER_DESIGN);
  await recordObjectDeletions(tx, keys);
  return keys;
}
