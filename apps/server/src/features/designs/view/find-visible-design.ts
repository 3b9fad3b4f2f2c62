import { eq } from 'drizzle-orm';
import type { DesignView } from '@rv/contracts/api/design-view';
import { messages } from '@rv/contracts/messages';
import type { UserRow } from '../../../auth/session-guard';
import type { Db } from '../../../db/client';
import { roomDesigns } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { loadDesignView } from './load-design-view';
import { recordAdminRead } from './record-admin-read';

/**
 * A design's view for its owner; a public one for anyone (read-only); any for an admin (read-only); else
 * 404. `editable` says whether the viewer owns it. Only the owner gets their own words: the names and notes of
 * the images, what the analysis quotes of their brief, the painted areas (ADR 057). An admin's read of a
 * private design is written to the audit log (ADR 058).
 */
export async function findVisibleDesign(
  db: Db,
  designId: string,
  viewer: UserRow | null,
): Promise<{ view: DesignView; editable: boolean }> {
  const [design] = await db.select().from(roomDesigns).where(eq(roomDesigns.id, designId));
  const owner = Boolean(design && viewer && design.userId === viewer.id);
  if (!design || (!owner && !design.isPublic && viewer?.role !== 'admin')) throw new AppError('NOT_FOUND', messages.server.notFound);
  await recordAdminRead(db, viewer, design, 'page');
  return { view: await loadDesignView(db, design, owner ? 'owner' : 'other'), editable: owner };
}
