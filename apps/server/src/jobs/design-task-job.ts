import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { designImages, designTasks, roomDesigns, type StoredImage } from '../db/schema';
import { FIDELITY_THRESHOLD, scoreArchitectureFidelity } from '../engines/fidelity/architecture-fidelity';
import { EngineError, type EngineImage } from '../engines/image-engine';
import { buildFixPrompt } from '../prompts/build-fix-prompt';
import { buildRefinePrompt } from '../prompts/build-refine-prompt';
import type { Services } from '../services';
import { deleteObjects } from '../storage/delete-objects';
import { readObject } from '../storage/read-object';
import { addDesignResults, type ResultImage } from '../features/designs/add-design-results';
import { resultThumbKey } from '../features/designs/design-files';
import { loadDesignImages } from '../features/designs/load-design-images';
import { makeThumbnail } from '../uploads/process-image';
import { attemptSignal, type JobQueue } from './job-queue';

export const DESIGN_TASK_QUEUE = 'design-task';
/** Where pg-boss moves a task that failed for good without its handler saying so (its worker died on the last try). */
export const DESIGN_TASK_FAILED_QUEUE = 'design-task-failed';
export const TASK_FAILED = {
  refine: 'Failed to refine design. Please try again.',
  fix: 'Failed to fix room. Please try again.',
} as const;

/** Like the generation queue: attempts expire after JOB_EXPIRY_SECONDS; a task lost for good is marked failed. */
export async function createDesignTaskQueue(jobs: JobQueue, expireInSeconds: number) {
  await jobs.createQueue(DESIGN_TASK_FAILED_QUEUE, { name: DESIGN_TASK_FAILED_QUEUE, retryLimit: 5, retryDelay: 5, expireInSeconds: 60 });
  const options = {
    name: DESIGN_TASK_QUEUE,
    retryLimit: 2,
    retryDelay: 3,
    retryBackoff: true,
    expireInSeconds,
    deadLetter: DESIGN_TASK_FAILED_QUEUE,
  };
  await jobs.createQueue(DESIGN_TASK_QUEUE, options);
  await jobs.updateQueue(DESIGN_TASK_QUEUE, options);
}

export async function enqueueDesignTask(jobs: JobQueue, taskId: string) {
  await jobs.send(DESIGN_TASK_QUEUE, { taskId }, { singletonKey: taskId });
}

async function setStatus(services: Services, taskId: string, statusText: string, status: 'running' | 'done' | 'failed' = 'running') {
  await services.database.db.update(designTasks).set({ status, statusText }).where(eq(designTasks.id, taskId));
}

async function load(services: Services, key: string): Promise<Buffer> {
  const data = await readObject(services.storage, key);
  if (!data) throw new Error(`stored image missing: ${key}`);
  return data;
}

/** Stores engine output under keys made from the task id, so a resumed task finds it and does not pay again. */
async function storeResults(services: Services, designId: string, taskId: string, images: EngineImage[]): Promise<StoredImage[]> {
  const stored: StoredImage[] = [];
  try {
    for (const [index, image] of images.entries()) {
      const key = `designs/${designId}/task-${taskId}-${index + 1}.webp`;
      const thumbKey = `designs/${designId}/task-${taskId}-${index + 1}-thumb.webp`;
      const full = await sharp(image.data).webp({ quality: 88 }).toBuffer({ resolveWithObject: true });
      const thumb = await makeThumbnail(full.data);
      stored.push({ key, thumbKey, width: full.info.width, height: full.info.height, thumbWidth: thumb.width });
      await services.storage.put(thumbKey, thumb.data, 'image/webp');
      await services.storage.put(key, full.data, 'image/webp');
    }
  } catch (error) {
    // A half-stored answer is not found by the next run (it looks for the full image): remove it.
    await deleteObjects(
      services.storage,
      stored.flatMap((image) => [image.key, image.thumbKey]),
    );
    throw error;
  }
  return stored;
}

/** A task that failed for good: its stored output that the design does not show is removed. */
async function discardTaskResults(services: Services, taskId: string): Promise<void> {
  const { db } = services.database;
  const [task] = await db.select({ designId: designTasks.designId }).from(designTasks).where(eq(designTasks.id, taskId));
  if (!task) return;
  const shownImages = await db
    .select({ key: designImages.key, thumbKey: designImages.thumbKey })
    .from(designImages)
    .where(eq(designImages.designId, task.designId));
  const shown = new Set(shownImages.flatMap((image) => [image.key, image.thumbKey]));
  const key = `designs/${task.designId}/task-${taskId}-1.webp`;
  await deleteObjects(
    services.storage,
    [key, resultThumbKey(key)].filter((k) => !shown.has(k)),
  );
}

async function existingResults(services: Services, designId: string, taskId: string): Promise<StoredImage[] | null> {
  const key = `designs/${designId}/task-${taskId}-1.webp`;
  const data = await readObject(services.storage, key);
  if (!data) return null;
  const meta = await sharp(data).metadata();
  return [{ key, thumbKey: resultThumbKey(key), width: meta.width ?? 0, height: meta.height ?? 0 }];
}

/** A refinement (Tweak or Transform) or a Fix Room run; progress is written for the SSE stream. */
export async function runDesignTask(services: Services, taskId: string, signal?: AbortSignal): Promise<void> {
  const { db } = services.database;
  const [task] = await db.select().from(designTasks).where(eq(designTasks.id, taskId));
  if (!task || task.status === 'done' || task.status === 'failed') return;
  const [design] = await db.select().from(roomDesigns).where(eq(roomDesigns.id, task.designId));
  if (!design) return;
  await setStatus(services, taskId, 'Reading your design');
  const room = await load(services, design.original.key);
  const baseKey = task.input.baseKey ?? (await loadDesignImages(db, [design.id])).get(design.id)?.[0]?.key;
  if (!baseKey) throw new EngineError('This design has no image to work on yet.', false);
  const base = await load(services, baseKey);

  let results = await existingResults(services, design.id, taskId);
  if (task.kind === 'refine') {
    if (!results) {
      const tweakImages = await Promise.all(
        (task.input.tweakKeys ?? []).map(async (key) => ({
          role: 'tweak' as const,
          data: await load(services, key),
          mimeType: 'image/webp' as const,
        })),
      );
      const scope = task.input.scope ?? 'tweak';
      const prompt = buildRefinePrompt({
        tweakText: task.input.tweakText ?? '',
        scope,
        images: [{ role: 'base' }, { role: 'room' }, ...tweakImages.map(() => ({ role: 'tweak' as const }))],
        brief: design.brief,
      });
      await setStatus(services, taskId, scope === 'transform' ? 'Transforming your design' : 'Applying your changes');
      const answer = await services.imageEngine.refine(
        {
          prompt,
          base: { role: 'base', data: base, mimeType: 'image/webp' },
          room: { role: 'room', data: room, mimeType: 'image/webp' },
          tweakText: task.input.tweakText ?? '',
          scope,
          tweakImages,
        },
        { requestKey: `task:${taskId}`, signal },
      );
      results = await storeResults(services, design.id, taskId, answer.images.slice(0, 1));
    }
    await setStatus(services, taskId, 'Saving your refined design');
    const refined = results;
    await db.transaction((tx) => addDesignResults(tx, design, 'refined', refined));
  } else {
    if (!results) {
      await setStatus(services, taskId, 'Restoring your room’s architecture');
      const answer = await services.imageEngine.fixArchitecture(
        {
          prompt: buildFixPrompt({ images: [{ role: 'room' }, { role: 'base' }], brief: design.brief }),
          room: { role: 'room', data: room, mimeType: 'image/webp' },
          drifted: { role: 'base', data: base, mimeType: 'image/webp' },
        },
        { requestKey: `task:${taskId}`, signal },
      );
      results = await storeResults(services, design.id, taskId, answer.images);
    }
    await setStatus(services, taskId, 'Checking the architecture');
    const scored: ResultImage[] = [];
    for (const image of results) {
      const fidelity = await scoreArchitectureFidelity(room, await load(services, image.key));
      scored.push({ ...image, fidelity: Math.round(fidelity * 1000) / 1000, flagged: fidelity < FIDELITY_THRESHOLD });
    }
    await db.transaction((tx) => addDesignResults(tx, design, 'fixed', scored));
  }
  await db
    .update(designTasks)
    .set({ status: 'done', statusText: 'Done', resultKeys: results.map((r) => r.key) })
    .where(eq(designTasks.id, taskId));
}

export async function workDesignTasks(services: Services, pollingIntervalSeconds: number) {
  await services.jobs.work<{ taskId: string }>(DESIGN_TASK_QUEUE, { pollingIntervalSeconds, includeMetadata: true }, async ([job]) => {
    if (!job) return;
    services.log.info({ taskId: job.data.taskId, attempt: job.retryCount + 1 }, 'working design task');
    try {
      await runDesignTask(services, job.data.taskId, attemptSignal(job.expireInSeconds));
    } catch (error) {
      const retryable = !(error instanceof EngineError) || error.retryable;
      if (retryable && job.retryCount < job.retryLimit) throw error;
      const [task] = await services.database.db
        .select({ kind: designTasks.kind })
        .from(designTasks)
        .where(eq(designTasks.id, job.data.taskId));
      const message = error instanceof EngineError ? error.message : TASK_FAILED[task?.kind ?? 'refine'];
      await services.database.db
        .update(designTasks)
        .set({ status: 'failed', statusText: 'Failed', error: message })
        .where(eq(designTasks.id, job.data.taskId));
      await discardTaskResults(services, job.data.taskId);
    }
  });
  await services.jobs.work<{ taskId: string }>(DESIGN_TASK_FAILED_QUEUE, { pollingIntervalSeconds }, async ([job]) => {
    if (!job) return;
    services.log.warn({ taskId: job.data.taskId }, 'design task failed for good without an answer (worker lost)');
    const { db } = services.database;
    const [task] = await db.select().from(designTasks).where(eq(designTasks.id, job.data.taskId));
    if (!task || task.status === 'done' || task.status === 'failed') return;
    await db
      .update(designTasks)
      .set({ status: 'failed', statusText: 'Failed', error: TASK_FAILED[task.kind] })
      .where(eq(designTasks.id, task.id));
    await discardTaskResults(services, task.id);
  });
}

/** Refinements and Fix Room cost no credit, within a fair-use cap per day. */
export const FAIR_USE_TASKS_PER_DAY = 100;
export async function tasksInLastDay(services: Services, userId: string): Promise<number> {
  const [row] = await services.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(designTasks)
    .where(sql`${designTasks.userId} = ${userId} and ${designTasks.createdAt} > now() - interval '1 day'`);
  return row?.n ?? 0;
}
