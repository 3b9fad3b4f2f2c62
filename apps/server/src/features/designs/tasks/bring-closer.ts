import { eq } from 'drizzle-orm';
import { TIMEOUTS_MS } from '@rv/contracts/constants';
import { roomDesigns } from '../../../db/schema';
import type { BriefLook } from '../../../domain/design-brief';
import { AppError } from '../../../lib/app-error';
import type { Services } from '../../../services';
import { readObject } from '../../../storage/read-object';
import { findOwnDesign } from '../find-own-design';
import { measureConsistency } from '../homes/consistency';
import { loadDesignImages } from '../load-design-images';
import { waitFor } from '../wait-for';
import { TASK_FAILED } from './fail-design-task';
import { readDesignTask } from './read-design-task';
import { startDesignTask } from './start-design-task';

/** A refinement's words that take a result towards its look: the look's measured colours by name, its materials, pieces and mood. */
export function bringCloserText(look: BriefLook): string {
  const colours = look.palette.slice(0, 3).map((colour) => colour.name);
  return [
    `Bring this room closer to the look of your ${look.roomWords}: ${colours.join(', ')} as the main colours`,
    look.materials.length ? `materials ${look.materials.slice(0, 4).join(', ')}` : '',
    look.pieces.length
      ? `pieces like ${look.pieces
          .slice(0, 4)
          .map((piece) => piece.name)
          .join(', ')}`
      : '',
    `a ${look.mood} mood.`,
  ]
    .filter(Boolean)
    .join('; ');
}

/**
 * 'Bring it closer' (issue 49), one press like Fix Room: a Transform of the design's first result towards
 * its look (a refinement task: the fair-use count and the stream apply), waited for, then the design's
 * consistency measured again on the new image and stored. Answers the task id.
 */
export async function bringCloser(services: Services, input: { userId: string; designId: string }): Promise<string> {
  const { db } = services.database;
  const design = await findOwnDesign(db, input.designId, input.userId);
  const look = design.brief.look;
  if (!look) throw new AppError('BAD_REQUEST', 'This design was not made with a look.');
  const base = ((await loadDesignImages(db, [design.id])).get(design.id) ?? []).find((image) => image.kind !== 'refined');
  if (!base) throw new AppError('BAD_REQUEST', 'This design has no image to bring closer yet.');
  const taskId = await startDesignTask(services, {
    userId: input.userId,
    designId: design.id,
    input: { kind: 'refine', tweakText: bringCloserText(look), scope: 'transform', baseKey: base.key, tweakKeys: [] },
  });
  const task = await waitFor({
    read: () => readDesignTask(db, taskId),
    settled: (state) => state?.status === 'done' || state?.status === 'failed',
    until: Date.now() + TIMEOUTS_MS.fixRoom,
  });
  if (task?.status !== 'done') throw new AppError('BAD_GATEWAY', task?.error ?? TASK_FAILED.refine);
  const key = task.resultKeys[0];
  const image = key ? (await loadDesignImages(db, [design.id])).get(design.id)?.find((row) => row.key === key) : undefined;
  const data = key ? await readObject(services.storage, key) : null;
  if (image && data) {
    const consistency = await measureConsistency(data, { look, resultItems: (image.items ?? []).map((item) => item.name) });
    await db.update(roomDesigns).set({ consistency }).where(eq(roomDesigns.id, design.id));
  }
  return taskId;
}
