import { eq } from 'drizzle-orm';
import { roomDesigns } from '../../db/schema';
import type { Services } from '../../services';
import { deleteObjects } from '../../storage/delete-objects';
import { readObject } from '../../storage/read-object';
import { resultsManifestKey, type ResultsManifest } from './design-files';
import { refundCredit } from './refund-credit';

/** A design that failed for good: its credit is refunded once and the user is told in plain words. */
export async function failDesign(services: Services, designId: string, message: string): Promise<void> {
  const { db } = services.database;
  const failedNow = await db.transaction(async (tx) => {
    const [design] = await tx.select().from(roomDesigns).where(eq(roomDesigns.id, designId));
    if (!design || design.status === 'done' || design.status === 'failed') return false;
    await tx.update(roomDesigns).set({ status: 'failed', error: message, creditState: 'refunded' }).where(eq(roomDesigns.id, designId));
    if (design.creditState === 'reserved') await refundCredit(tx, design.userId);
    return true;
  });
  if (failedNow) await discardResults(services, designId);
}

/**
 * A failed design keeps its uploads (it is listed and can be deleted or tried again); results stored
 * before the failure are shown nowhere, so they and their manifest are removed.
 */
async function discardResults(services: Services, designId: string): Promise<void> {
  const stored = await readObject(services.storage, resultsManifestKey(designId)).catch(() => null);
  if (!stored) return;
  const { images } = JSON.parse(stored.toString('utf8')) as ResultsManifest;
  await deleteObjects(services.storage, [...images.flatMap((image) => [image.key, image.thumbKey]), resultsManifestKey(designId)]);
}
