import { randomBytes } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import { roomDesigns } from '../../../db/schema';
import type { DesignBrief } from '../../../domain/design-brief';
import { enqueueGeneration } from '../../../jobs/generate-design-job';
import { AppError } from '../../../lib/app-error';
import type { Services } from '../../../services';
import { discardObjects } from '../../../jobs/discard-objects';
import { refundCredit } from './refund-credit';
import { reserveCredit } from './reserve-credit';
import { storeDesignUploads, type DesignUploads } from './store-design-uploads';
import type { DesignTool } from '@rv/contracts/domain';

/** At most this many generations of one user run at once. */
export const MAX_RUNNING_DESIGNS = 3;
export const TOO_MANY_RUNNING = 'You already have designs being generated. Please wait for one to finish.';

/** Design ids are the share links too: 144 random bits. */
export const newDesignId = () => randomBytes(18).toString('base64url');

/**
 * Steps 1 and 2 of making a design (DESIGN.md): the uploads are checked and stored; then, in one
 * transaction, the design row is created and one credit reserved (402 when none is left); then the
 * generation job is queued with the design id as its key. Nothing is left behind when a step fails.
 */
export async function createDesign(
  services: Services,
  input: { userId: string; tool: DesignTool; brief: DesignBrief; uploads: DesignUploads },
): Promise<string> {
  const { db } = services.database;
  const [running] = await db
    .select({ n: count() })
    .from(roomDesigns)
    .where(and(eq(roomDesigns.userId, input.userId), inArray(roomDesigns.status, ['queued', 'running'])));
  if ((running?.n ?? 0) >= MAX_RUNNING_DESIGNS) throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_RUNNING);

  const designId = newDesignId();
  const { original, references } = await storeDesignUploads(
    services,
    designId,
    input.uploads,
    input.tool === 'furnishing' ? 'item' : 'finish',
  );
  try {
    await db.transaction(async (tx) => {
      await reserveCredit(tx, input.userId);
      await tx
        .insert(roomDesigns)
        .values({ id: designId, userId: input.userId, tool: input.tool, brief: input.brief, original, references });
    });
  } catch (error) {
    // The uploads of a design that was never made: recorded and deleted by the deletion job (ADR 033).
    await discardObjects(
      services,
      [original, ...references].flatMap((i) => [i.key, i.thumbKey]),
    );
    throw error;
  }
  services.metrics.countDesign('created', input.tool);
  services.metrics.countCredit('used');
  try {
    await enqueueGeneration(services.jobs, designId);
  } catch (error) {
    await db
      .update(roomDesigns)
      .set({ status: 'failed', error: 'We could not start your design. Your credit was not used.', creditState: 'refunded' })
      .where(eq(roomDesigns.id, designId));
    await refundCredit(db, input.userId);
    services.metrics.countDesign('failed', input.tool);
    services.metrics.countCredit('refunded');
    throw error;
  }
  return designId;
}
