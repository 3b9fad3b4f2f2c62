import { and, eq, notInArray } from 'drizzle-orm';
import sharp from 'sharp';
import { designTasks, roomDesigns, type StoredImage } from '../../../db/schema';
import { FIDELITY_THRESHOLD, scoreArchitectureFidelity } from '../../../engines/fidelity/architecture-fidelity';
import { EngineError, type EngineImage } from '../../../engines/image-engine';
import { buildFixPrompt } from '../../../prompts/build-fix-prompt';
import { buildRefinePrompt } from '../../../prompts/build-refine-prompt';
import type { Services } from '../../../services';
import { deleteAfterCommit } from '../../../jobs/discard-objects';
import { deleteObjects } from '../../../storage/delete-objects';
import { recordObjectDeletions } from '../../../storage/object-deletions';
import { readObject } from '../../../storage/read-object';
import { makeThumbnail } from '../../../uploads/process-image';
import { addDesignResults, type ResultImage } from '../images/add-design-results';
import { listResultItems } from '../images/list-result-items';
import { noImageRetryKey, resultThumbKey, taskResultKey } from '../images/design-files';
import { withOneMoreImageTry } from '../one-more-image-try';
import { loadDesignImages } from '../load-design-images';
import { forEngineCallOwner } from '../../../engines/engine-usage';
import { changedAreaCrops, LOSSLESS_RESULT_WEBP, outsideMask } from '../../../engines/mask/composite-in-mask';
import { compositeOnPixelThread } from '../../../engines/mask/composite-on-pixel-thread';
import { sanitizeAnalysisHtml } from '../../../lib/sanitize-analysis-html';
import type { DesignBrief } from '../../../domain/design-brief';
import type { ResultImageKind } from '@rv/contracts/domain';
import { designTaskInput, type RefineTaskInput } from '@rv/contracts/design-task-input';
import { TASK_FAILED } from './fail-design-task';

/** Progress for the stream; a task that has ended (another run failed it) is never brought back to running. */
async function setStatus(services: Services, taskId: string, statusText: string) {
  await services.database.db
    .update(designTasks)
    .set({ status: 'running', statusText })
    .where(and(eq(designTasks.id, taskId), notInArray(designTasks.status, ['done', 'failed'])));
}

async function load(services: Services, key: string): Promise<Buffer> {
  const data = await readObject(services.storage, key);
  if (!data) throw new Error(`stored image missing: ${key}`);
  return data;
}

/**
 * Stores engine output under keys made from the task id, so a resumed task finds it and does not pay again.
 * 'Change only here' (ADR 022): with a mask, what is stored is the answer composited into the base inside
 * the painted area, encoded losslessly so that every pixel outside it is the base's own.
 */
async function storeResults(
  services: Services,
  designId: string,
  taskId: string,
  images: EngineImage[],
  masked?: { base: Buffer; mask: Buffer },
): Promise<StoredImage[]> {
  const stored: StoredImage[] = [];
  try {
    for (const [index, image] of images.entries()) {
      const key = taskResultKey(designId, taskId, index + 1);
      const thumbKey = resultThumbKey(key);
      const composited = masked && (await compositeOnPixelThread(masked.base, image.data, masked.mask));
      const full = composited
        ? await sharp(composited.data, { raw: { width: composited.width, height: composited.height, channels: 3 } })
            .webp(LOSSLESS_RESULT_WEBP)
            .toBuffer({ resolveWithObject: true })
        : await sharp(image.data).webp({ quality: 88 }).toBuffer({ resolveWithObject: true });
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

async function existingResults(services: Services, designId: string, taskId: string): Promise<StoredImage[] | null> {
  const key = taskResultKey(designId, taskId, 1);
  const data = await readObject(services.storage, key);
  if (!data) return null;
  const meta = await sharp(data).metadata();
  return [{ key, thumbKey: resultThumbKey(key), width: meta.width ?? 0, height: meta.height ?? 0 }];
}

/** A masked refinement's results keep their mask, with the architecture fidelity scored outside the painted area. */
async function maskedResults(
  services: Services,
  room: Buffer,
  results: StoredImage[],
  mask: Buffer,
  maskKey: string,
): Promise<ResultImage[]> {
  const roomOutside = await outsideMask(room, mask);
  const scored: ResultImage[] = [];
  for (const image of results) {
    const fidelity = await scoreArchitectureFidelity(roomOutside, await outsideMask(await load(services, image.key), mask));
    scored.push({ ...image, maskKey, fidelity: Math.round(fidelity * 1000) / 1000, flagged: fidelity < FIDELITY_THRESHOLD });
  }
  return scored;
}

/** A masked refinement's analysis, sanitised, in its two parts (ADR 057): the engine's words, and the owner's request it quotes. */
type ChangedAreaAnalysis = { analysisHtml: string; analysisOwnerHtml: string };

/**
 * 'Change only here': the analysis of a masked refinement describes the painted area only (the vision
 * engine reads that area before and after, and is told it is the one area changed). It replaces the
 * design's analysis; an engine that cannot write it costs the refinement nothing (the old one is kept).
 */
async function analyzeChangedArea(
  services: Services,
  design: { id: string; userId: string; brief: DesignBrief },
  base: Buffer,
  resultKey: string,
  mask: Buffer,
  request: string,
  signal?: AbortSignal,
): Promise<ChangedAreaAnalysis | null> {
  try {
    const crops = await changedAreaCrops(base, await load(services, resultKey), mask);
    if (!crops) return null;
    const { html, ownerHtml } = await forEngineCallOwner({ designId: design.id, userId: design.userId }, () =>
      services.visionEngine.analyzeDesign(
        { original: crops.before, result: crops.after, brief: design.brief, changedArea: { share: crops.share, request } },
        signal,
      ),
    );
    return { analysisHtml: await sanitizeAnalysisHtml(html), analysisOwnerHtml: await sanitizeAnalysisHtml(ownerHtml) };
  } catch (error) {
    if (signal?.aborted) throw error;
    services.log.warn({ designId: design.id, err: error }, 'the analysis of a masked refinement could not be written');
    return null;
  }
}

/** The design a task works on, as its steps read it. */
type TaskDesign = typeof roomDesigns.$inferSelect;

/**
 * A refinement (Tweak or Transform) or a Fix Room run; progress is written for the SSE stream. The stored
 * input is read through its schema: one that is not a shape of the task's kind fails the task (never retried).
 */
export async function runDesignTask(services: Services, taskId: string, signal?: AbortSignal): Promise<void> {
  const { db } = services.database;
  const [task] = await db.select().from(designTasks).where(eq(designTasks.id, taskId));
  if (!task || task.status === 'done' || task.status === 'failed') return;
  const parsed = designTaskInput.safeParse(task.input);
  if (!parsed.success || parsed.data.kind !== task.kind) {
    services.log.error({ taskId, issues: parsed.error?.issues }, 'a design task whose stored input is not of its kind');
    throw new EngineError(TASK_FAILED[task.kind], false);
  }
  const input = parsed.data;
  const [design] = await db.select().from(roomDesigns).where(eq(roomDesigns.id, task.designId));
  if (!design) return;
  await setStatus(services, taskId, 'Reading your design');
  const room = await load(services, design.original.key);
  const baseKey = input.baseKey ?? (await loadDesignImages(db, [design.id])).get(design.id)?.[0]?.key;
  if (!baseKey) throw new EngineError('This design has no image to work on yet.', false);
  const base = await load(services, baseKey);
  const existing = await existingResults(services, design.id, taskId);
  if (input.kind === 'refine') await refine(services, { taskId, design, input, room, base, existing }, signal);
  else await fix(services, { taskId, design, room, base, existing }, signal);
}

interface TaskRun {
  taskId: string;
  design: TaskDesign;
  room: Buffer;
  base: Buffer;
  /** What an earlier attempt of this task stored (the engine is not asked again), else null. */
  existing: StoredImage[] | null;
}

/** Tweak or Transform, of the whole image or, with a painted area, of that area only. */
async function refine(services: Services, run: TaskRun & { input: RefineTaskInput }, signal?: AbortSignal): Promise<void> {
  const { taskId, design, input, room, base } = run;
  const mask = input.maskKey ? await load(services, input.maskKey) : undefined;
  let results: ResultImage[] | null = run.existing;
  if (!results) {
    const tweakImages = await Promise.all(
      input.tweakKeys.map(async (key) => ({
        role: 'tweak' as const,
        data: await load(services, key),
        mimeType: 'image/webp' as const,
      })),
    );
    const prompt = buildRefinePrompt({
      tweakText: input.tweakText,
      scope: input.scope,
      images: [{ role: 'base' }, { role: 'room' }, ...tweakImages.map(() => ({ role: 'tweak' as const }))],
      brief: design.brief,
      masked: Boolean(mask),
    });
    await setStatus(services, taskId, input.scope === 'transform' ? 'Transforming your design' : 'Applying your changes');
    const answer = await withOneMoreImageTry(services, noImageRetryKey(design.id, taskId), () =>
      forEngineCallOwner({ designId: design.id, userId: design.userId }, () =>
        services.imageEngine.refine(
          {
            prompt,
            base: { role: 'base', data: base, mimeType: 'image/webp' },
            room: { role: 'room', data: room, mimeType: 'image/webp' },
            tweakText: input.tweakText,
            scope: input.scope,
            tweakImages,
            ...(mask ? { mask } : {}),
          },
          { requestKey: `task:${taskId}`, signal },
        ),
      ),
    );
    results = await storeResults(services, design.id, taskId, answer.images.slice(0, 1), mask && { base, mask });
  }
  await setStatus(services, taskId, 'Saving your refined design');
  if (mask && input.maskKey) results = await maskedResults(services, room, results, mask, input.maskKey);
  const [refined, analysis] = await Promise.all([
    listResultItems(services, design, results, signal, mask),
    mask && results[0] && analyzeChangedArea(services, design, base, results[0].key, mask, input.tweakText, signal),
  ]);
  await finishTask(services, taskId, design, 'refined', refined, analysis || undefined);
}

/** Fix Room: the drifted image with the room's architecture restored, scored against the room photo. */
async function fix(services: Services, run: TaskRun, signal?: AbortSignal): Promise<void> {
  const { taskId, design, room, base } = run;
  let results = run.existing;
  if (!results) {
    await setStatus(services, taskId, 'Restoring your room’s architecture');
    const answer = await withOneMoreImageTry(services, noImageRetryKey(design.id, taskId), () =>
      forEngineCallOwner({ designId: design.id, userId: design.userId }, () =>
        services.imageEngine.fixArchitecture(
          {
            prompt: buildFixPrompt({ images: [{ role: 'room' }, { role: 'base' }], brief: design.brief }),
            room: { role: 'room', data: room, mimeType: 'image/webp' },
            drifted: { role: 'base', data: base, mimeType: 'image/webp' },
          },
          { requestKey: `task:${taskId}`, signal },
        ),
      ),
    );
    results = await storeResults(services, design.id, taskId, answer.images);
  }
  await setStatus(services, taskId, 'Checking the architecture');
  const scored: ResultImage[] = [];
  for (const image of results) {
    const fidelity = await scoreArchitectureFidelity(room, await load(services, image.key));
    scored.push({ ...image, fidelity: Math.round(fidelity * 1000) / 1000, flagged: fidelity < FIDELITY_THRESHOLD });
  }
  const fixed = await listResultItems(services, design, scored, signal);
  await finishTask(services, taskId, design, 'fixed', fixed);
}

/**
 * Adds the task's results to the design and marks it done, in one transaction with the task's row
 * locked. A task that another run failed meanwhile (its stream already said so, its credit-free
 * allowance counted) stays failed: nothing is added, and what this run stored is recorded for deletion
 * in the same transaction (the deletion job removes it after the commit, ADR 033).
 */
async function finishTask(
  services: Services,
  taskId: string,
  design: { id: string; userId: string },
  kind: Exclude<ResultImageKind, 'generated'>,
  results: ResultImage[],
  /** A masked refinement's analysis of the area it changed (sanitised), replacing the design's. */
  analysis?: ChangedAreaAnalysis,
): Promise<void> {
  const finished = await services.database.db.transaction(async (tx) => {
    const [current] = await tx.select({ status: designTasks.status }).from(designTasks).where(eq(designTasks.id, taskId)).for('update');
    if (!current || current.status === 'failed') {
      await recordObjectDeletions(
        tx,
        results.flatMap((image) => [image.key, image.thumbKey]),
      );
      return false;
    }
    if (current.status === 'done') return true;
    await addDesignResults(tx, design, kind, results);
    if (analysis) await tx.update(roomDesigns).set(analysis).where(eq(roomDesigns.id, design.id));
    await tx
      .update(designTasks)
      .set({ status: 'done', statusText: 'Done', resultKeys: results.map((r) => r.key) })
      .where(eq(designTasks.id, taskId));
    return true;
  });
  if (!finished)
    await deleteAfterCommit(
      services,
      results.flatMap((image) => [image.key, image.thumbKey]),
    );
}
