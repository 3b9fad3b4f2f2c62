import { eq } from 'drizzle-orm';
import { roomDesigns } from '../../../db/schema';
import type { Services } from '../../../services';
import { deleteObjects } from '../../../storage/delete-objects';
import { readObject } from '../../../storage/read-object';
import { resultsManifestKey, type ResultsManifest } from '../images/design-files';
import { refundCredit } from './refund-credit';

/**
 * A design that failed for good: the results stored before the failure are removed, then it is marked
 * failed and its credit refunded once, all while its row is locked. The files go before the status: a
 * reader that sees 'failed' (the POST waiting on the design, the user, an export) never finds results
 * of a failed design, and a process that dies in between leaves the design unfailed, so the job's next
 * run or its dead-letter queue fails it again and removes whatever is left.
 */
export async function failDesign(services: Services, designId: string, message: string): Promise<void> {
  const failed = await services.database.db.transaction(async (tx) => {
    const [design] = await tx.select().from(roomDesigns).where(eq(roomDesigns.id, designId)).for('update');
    if (!design || design.status === 'done' || design.status === 'failed') return null;
    await discardDesignResults(services, designId);
    await tx.update(roomDesigns).set({ status: 'failed', error: message, creditState: 'refunded' }).where(eq(roomDesigns.id, designId));
    const refunded = design.creditState === 'reserved';
    if (refunded) await refundCredit(tx, design.userId);
    return { tool: design.tool, refunded };
  });
  // Counted once committed (a failed transaction changed nothing).
  if (!failed) return;
  services.metrics.countDesign('failed', failed.tool);
  if (failed.refunded) services.metrics.countCredit('refunded');
}

/**
 * A failed design keeps its uploads (it is listed and can be deleted or tried again); results stored
 * for it are shown nowhere, so they and their manifest are removed.
 */
export async function discardDesignResults(services: Services, designId: string): Promise<void> {
  const stored = await readObject(services.storage, resultsManifestKey(designId)).catch(() => null);
  if (!stored) return;
  const { images } = JSON.parse(stored.toString('utf8')) as ResultsManifest;
  await deleteObjects(services.storage, [...images.flatMap((image) => [image.key, image.thumbKey]), resultsManifestKey(designId)]);
}
