import { randomBytes } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import { messages } from '@rv/contracts/messages';
import type { Db } from '../../../db/client';
import { roomDesigns, storedImageKeys, users } from '../../../db/schema';
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

/** The user's designs still being made (queued or running). */
async function runningDesigns(db: Pick<Db, 'select'>, userId: string): Promise<number> {
  const [running] = await db
    .select({ n: count() })
    .from(roomDesigns)
    .where(and(eq(roomDesigns.userId, userId), inArray(roomDesigns.status, ['queued', 'running'])));
  return running?.n ?? 0;
}

/** Design ids are the share links too: 144 random bits. */
export const newDesignId = () => randomBytes(18).toString('base64url');

/**
 * Steps 1 and 2 of making a design (docs/architecture/designs.md#how-a-design-is-made): the uploads are checked and stored; then, in one
 * transaction, the design row is created and one credit reserved (402 when none is left); then the
 * generation job is queued with the design id as its key. Nothing is left behind when a step fails.
 *
 * The cap of MAX_RUNNING_DESIGNS (429) holds under parallel requests: the transaction first locks the
 * user's row (FOR NO KEY UPDATE, as startDesignTask does, and for the same reasons), then counts the
 * running designs, reserves the credit and inserts. Every create of the same user waits for that lock,
 * and under READ COMMITTED the count after it sees every design the previous holder committed. The count
 * before the uploads are stored is only a quick refusal that spares storing them; it is not the rule.
 */
export async function createDesign(
  services: Services,
  input: { userId: string; tool: DesignTool; brief: DesignBrief; uploads: DesignUploads },
): Promise<string> {
  const { db } = services.database;
  const tooMany = () => new AppError('TOO_MANY_REQUESTS', messages.tools.tooManyRunning);
  if ((await runningDesigns(db, input.userId)) >= MAX_RUNNING_DESIGNS) throw tooMany();

  const designId = newDesignId();
  const { original, references } = await storeDesignUploads(
    services,
    designId,
    input.uploads,
    input.tool === 'furnishing' ? 'item' : 'finish',
  );
  try {
    await db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('no key update');
      if ((await runningDesigns(tx, input.userId)) >= MAX_RUNNING_DESIGNS) throw tooMany();
      await reserveCredit(tx, input.userId);
      await tx
        .insert(roomDesigns)
        .values({ id: designId, userId: input.userId, tool: input.tool, brief: input.brief, original, references });
    });
  } catch (error) {
    // The uploads of a design that was never made: recorded and deleted by the deletion job (ADR 033).
    await discardObjects(
      services,
      [original, ...references].flatMap(storedImageKeys),
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
