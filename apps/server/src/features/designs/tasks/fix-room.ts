import { AppError } from '../../../lib/app-error';
import type { Services } from '../../../services';
import { findOwnDesign } from '../find-own-design';
import { loadDesignImages } from '../load-design-images';
import { startDesignTask } from './start-design-task';

/**
 * Fix Room: restores the room's architecture in the design's first flagged result (or its first
 * generated one), as a new 'fixed' image after the others. Answers the task at once (ADR 066); its events
 * are followed like a refinement's, and the spec's Fix Room call waits for it in the spec's adapter.
 */
export async function startFixRoom(services: Services, input: { userId: string; designId: string }): Promise<string> {
  const { db } = services.database;
  const design = await findOwnDesign(db, input.designId, input.userId);
  const generated = ((await loadDesignImages(db, [design.id])).get(design.id) ?? []).filter((image) => image.kind !== 'refined');
  const drifted = generated.find((image) => image.flagged) ?? generated[0];
  if (!drifted) throw new AppError('BAD_REQUEST', 'This design has no image to fix yet.');
  return startDesignTask(services, { userId: input.userId, designId: design.id, input: { kind: 'fix', baseKey: drifted.key } });
}
