import { count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { designImages } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import type { Services } from '../../../services';
import { findOwnDesign } from '../find-own-design';
import { designImageOrder } from '../load-design-images';
import { deleteRoomDesign, IMAGE_GONE } from '../images/delete-room-design';

/**
 * The id of the image at a position of the spec's lists (the design's results in the results page's
 * order, refinements first, as spec-design-record.ts lists them), read by one query for that row alone;
 * undefined past the end.
 */
export async function imageIdAtPosition(db: Pick<Db, 'select'>, designId: string, position: number): Promise<string | undefined> {
  const [image] = await db
    .select({ id: designImages.id })
    .from(designImages)
    .where(eq(designImages.designId, designId))
    .orderBy(...designImageOrder)
    .offset(position)
    .limit(1);
  return image?.id;
}

/**
 * The spec's DELETE /api/room-designs/{id}?status_index: -1, or a design of one image or fewer, deletes
 * the whole design; otherwise the image at that position is named by its id and deleted as our web app
 * deletes one (deleteRoomDesign, which takes the design with its last image).
 */
export async function deleteAtPosition(
  services: Services,
  input: { userId: string; designId: string; position: number },
  log?: Pick<FastifyBaseLogger, 'warn'>,
) {
  const { db } = services.database;
  const design = await findOwnDesign(db, input.designId, input.userId);
  const whole = { userId: input.userId, designId: design.id, target: { design: true } } as const;
  if (input.position === -1) return deleteRoomDesign(services, whole, log);
  const imageId = await imageIdAtPosition(db, design.id, input.position);
  if (imageId) return deleteRoomDesign(services, { userId: input.userId, designId: design.id, target: { imageId } }, log);
  const [images] = await db.select({ n: count() }).from(designImages).where(eq(designImages.designId, design.id));
  if ((images?.n ?? 0) <= 1) return deleteRoomDesign(services, whole, log);
  throw new AppError('NOT_FOUND', IMAGE_GONE);
}
