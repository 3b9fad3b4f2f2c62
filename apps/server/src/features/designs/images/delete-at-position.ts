import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../lib/app-error';
import type { Services } from '../../../services';
import { findOwnDesign } from '../find-own-design';
import { loadDesignView } from '../view/load-design-view';
import { imageAtPosition } from '../view/spec-design-record';
import { deleteRoomDesign, IMAGE_GONE } from './delete-room-design';

/**
 * The spec's DELETE /api/room-designs/{id}?status_index (an adapter): -1, or a design of one image or
 * fewer, deletes the whole design; otherwise the image at that position of the spec's list (the design
 * view's order) is named by its id and deleted as our web app deletes one.
 */
export async function deleteAtPosition(
  services: Services,
  input: { userId: string; designId: string; position: number },
  log?: Pick<FastifyBaseLogger, 'warn'>,
) {
  const { db } = services.database;
  const view = await loadDesignView(db, await findOwnDesign(db, input.designId, input.userId));
  if (input.position === -1 || view.images.length <= 1)
    return deleteRoomDesign(services, { userId: input.userId, designId: view.id, target: { design: true } }, log);
  const image = imageAtPosition(view, input.position);
  if (!image) throw new AppError('NOT_FOUND', IMAGE_GONE);
  return deleteRoomDesign(services, { userId: input.userId, designId: view.id, target: { imageId: image.id } }, log);
}
