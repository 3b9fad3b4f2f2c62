import { and, eq, sql } from 'drizzle-orm';
import { designTasks, roomDesigns } from '../../../db/schema';
import type { Services } from '../../../services';
import { findOwnDesign } from '../find-own-design';
import { loadDesignImages } from '../load-design-images';
import { startDesignTask } from '../tasks/start-design-task';
import { imageOfActiveUrl, maskedBase } from './pending-mask';
import type { RefineScope } from '@rv/contracts/domain';

/**
 * The spec's refinement stream's start (our web app uses tasks/refine-design.ts): a refinement of the
 * caller's design. The task a reconnecting stream names (Last-Event-ID, a task of this design and user)
 * is followed again; otherwise a new one starts on the image the browser shows (`active_url`, when it
 * is one of the design's results), with the pending tweak photos and mask. Answers the task id.
 */
export async function startRefinement(
  services: Services,
  input: {
    userId: string;
    designId: string;
    scope: RefineScope;
    feedback: string;
    activeUrl?: string;
    /** 'Change only here': the stored mask the spec's upload answered (pending-mask.ts). */
    maskKey?: string;
    lastEventId?: string;
  },
): Promise<string> {
  const { db } = services.database;
  const design = await findOwnDesign(db, input.designId, input.userId);
  if (input.lastEventId && /^[0-9a-f-]{36}$/.test(input.lastEventId)) {
    const [resumed] = await db
      .select({ id: designTasks.id })
      .from(designTasks)
      .where(and(eq(designTasks.id, input.lastEventId), eq(designTasks.designId, design.id), eq(designTasks.userId, input.userId)));
    if (resumed) return resumed.id;
  }
  const images = (await loadDesignImages(db, [design.id])).get(design.id) ?? [];
  const active = imageOfActiveUrl(images, input.activeUrl);
  const masked = input.maskKey ? await maskedBase(services, design, input.maskKey, images, active) : undefined;
  const taskId = await startDesignTask(services, {
    userId: input.userId,
    designId: design.id,
    input: {
      kind: 'refine',
      tweakText: input.feedback,
      scope: input.scope,
      baseKey: masked?.baseKey ?? active?.key,
      tweakKeys: design.pendingTweakKeys,
      ...(masked ? { maskKey: masked.maskKey } : {}),
    },
  });
  await db
    .update(roomDesigns)
    .set({
      pendingTweakKeys: [],
      // A used mask now belongs to the task (and, once refined, to its image).
      ...(masked ? { pendingMaskKeys: sql`${roomDesigns.pendingMaskKeys} - ${masked.maskKey}::text` } : {}),
    })
    .where(eq(roomDesigns.id, design.id));
  return taskId;
}
