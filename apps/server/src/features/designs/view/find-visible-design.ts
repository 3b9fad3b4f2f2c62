import { eq } from 'drizzle-orm';
import { messages } from '@rv/contracts/messages';
import type { UserRow } from '../../../auth/session-guard';
import type { Db } from '../../../db/client';
import { roomDesigns } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { loadDesignRecord } from './load-design-record';

/** A design's record for its owner; a public one for anyone (read-only); any for an admin; else 404. */
export async function findVisibleDesign(db: Db, designId: string, viewer: UserRow | null) {
  const [design] = await db.select().from(roomDesigns).where(eq(roomDesigns.id, designId));
  if (!design || (design.userId !== viewer?.id && !design.isPublic && viewer?.role !== 'admin'))
    throw new AppError('NOT_FOUND', messages.server.notFound);
  return loadDesignRecord(db, design);
}
