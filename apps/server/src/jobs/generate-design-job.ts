import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { roomDesigns, type StoredImage } from '../db/schema';
import type { LabelledImage } from '../engines/design-brief';
import { FIDELITY_THRESHOLD, scoreArchitectureFidelity } from '../engines/fidelity/architecture-fidelity';
import { EngineError } from '../engines/image-engine';
import { addDesignResults, type ResultImage } from '../features/designs/add-design-results';
import { refundCredit } from '../features/designs/refund-credit';
import { sanitizeAnalysisHtml } from '../lib/sanitize-analysis-html';
import { buildDesignPrompt } from '../prompts/build-design-prompt';
import type { Services } from '../services';
import { deleteObjects } from '../storage/delete-objects';
import { readObject } from '../storage/read-object';
import { makeThumbnail } from '../uploads/process-image';
import { attemptSignal, type JobQueue } from './job-queue';

export const GENERATE_DESIGN_QUEUE = 'generate-design';
/** Where pg-boss moves a generation that failed for good without its handler saying so (its worker died on the last try). */
export const GENERATE_DESIGN_FAILED_QUEUE = 'generate-design-failed';
export const VARIATIONS_PER_DESIGN = 2;
export const GENERATION_FAILED = 'We could not create your design this time. Your credit has been returned. Please try again.';

interface ResultsManifest {
  providerRequestId: string;
  images: StoredImage[];
}

/**
 * The generation queue: each attempt may run `expireInSeconds` (JOB_EXPIRY_SECONDS); an attempt whose worker
 * died is retried after that, and one that fails for good goes to the dead-letter queue, which refunds it.
 * createQueue leaves an existing queue as it was, so the settings are applied again with updateQueue.
 */
export async function createGenerationQueue(jobs: JobQueue, expireInSeconds: number) {
  await jobs.createQueue(GENERATE_DESIGN_FAILED_QUEUE, {
    name: GENERATE_DESIGN_FAILED_QUEUE,
    retryLimit: 5,
    retryDelay: 5,
    expireInSeconds: 60,
  });
  const options = {
    name: GENERATE_DESIGN_QUEUE,
    retryLimit: 2,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds,
    deadLetter: GENERATE_DESIGN_FAILED_QUEUE,
  };
  await jobs.createQueue(GENERATE_DESIGN_QUEUE, options);
  await jobs.updateQueue(GENERATE_DESIGN_QUEUE, options);
}

/** Queues the generation of a design; the design id is the job's key, so it is queued once. */
export async function enqueueGeneration(jobs: JobQueue, designId: string) {
  await jobs.send(GENERATE_DESIGN_QUEUE, { designId }, { singletonKey: designId });
}

const manifestKey = (designId: string) => `designs/${designId}/results.json`;

async function loadImage(services: Services, key: string): Promise<Buffer> {
  const data = await readObject(services.storage, key);
  if (!data) throw new Error(`stored image missing: ${key}`);
  return data;
}

/**
 * The engine call, done at most once per design: its results are copied into our storage with a
 * manifest before anything else, so a retried or resumed job finds them and does not pay again.
 */
async function engineResults(
  services: Services,
  design: typeof roomDesigns.$inferSelect,
  original: Buffer,
  signal?: AbortSignal,
): Promise<ResultsManifest> {
  const existing = await readObject(services.storage, manifestKey(design.id));
  if (existing) {
    const manifest = JSON.parse(existing.toString('utf8')) as ResultsManifest;
    services.log.info({ designId: design.id, providerRequestId: manifest.providerRequestId }, 'engine results reused from storage');
    return manifest;
  }

  const references: LabelledImage[] = [];
  for (const ref of design.references) {
    references.push({ role: ref.role, data: await loadImage(services, ref.key), mimeType: 'image/webp', itemIndex: ref.itemIndex });
  }
  const prompt = buildDesignPrompt(design.brief, [{ role: 'room' }, ...references.map((r) => ({ role: r.role, itemIndex: r.itemIndex }))]);
  await services.database.db.update(roomDesigns).set({ prompt }).where(eq(roomDesigns.id, design.id));
  const result = await services.imageEngine.redesign(
    {
      prompt,
      brief: design.brief,
      room: { role: 'room', data: original, mimeType: 'image/webp' },
      references,
      count: VARIATIONS_PER_DESIGN,
    },
    { requestKey: `design:${design.id}`, signal },
  );
  const images: ResultsManifest['images'] = [];
  const manifest: ResultsManifest = { providerRequestId: result.providerRequestId, images };
  try {
    for (const [index, image] of result.images.entries()) {
      const key = `designs/${design.id}/generated-${index + 1}.webp`;
      const thumbKey = `designs/${design.id}/generated-${index + 1}-thumb.webp`;
      const full = await sharp(image.data).webp({ quality: 88 }).toBuffer({ resolveWithObject: true });
      const thumb = await makeThumbnail(full.data);
      images.push({ key, thumbKey, width: full.info.width, height: full.info.height, thumbWidth: thumb.width });
      await services.storage.put(key, full.data, 'image/webp');
      await services.storage.put(thumbKey, thumb.data, 'image/webp');
    }
    await services.storage.put(manifestKey(design.id), Buffer.from(JSON.stringify(manifest)), 'application/json');
  } catch (error) {
    // Without its manifest no run will use these files: remove what this run stored before the failure.
    await deleteObjects(
      services.storage,
      images.flatMap((image) => [image.key, image.thumbKey]),
    );
    throw error;
  }
  services.log.info({ designId: design.id, providerRequestId: manifest.providerRequestId }, 'engine results stored');
  return manifest;
}

/** Step 3 of making a design: engine, our storage, fidelity scores, analysis, done. */
export async function generateDesign(services: Services, designId: string, signal?: AbortSignal): Promise<void> {
  const { db } = services.database;
  const [design] = await db.select().from(roomDesigns).where(eq(roomDesigns.id, designId));
  if (!design || design.status === 'done' || design.status === 'failed') return;
  await db.update(roomDesigns).set({ status: 'running' }).where(eq(roomDesigns.id, designId));

  const original = await loadImage(services, design.original.key);
  const manifest = await engineResults(services, design, original, signal);
  const generated: ResultImage[] = [];
  for (const image of manifest.images) {
    const fidelity = await scoreArchitectureFidelity(original, await loadImage(services, image.key));
    generated.push({ ...image, fidelity: Math.round(fidelity * 1000) / 1000, flagged: fidelity < FIDELITY_THRESHOLD });
  }
  const first = await loadImage(services, manifest.images[0]!.key);
  const analysis = await services.visionEngine.analyzeDesign({ original, result: first, brief: design.brief }, signal);
  await db.transaction(async (tx) => {
    await addDesignResults(tx, design, 'generated', generated);
    await tx
      .update(roomDesigns)
      .set({
        status: 'done',
        analysisHtml: sanitizeAnalysisHtml(analysis.html),
        providerRequestId: manifest.providerRequestId,
        creditState: 'committed',
        error: null,
      })
      .where(eq(roomDesigns.id, designId));
  });
}

/** A design that failed for good: its credit is refunded once and the user is told in plain words. */
export async function failDesign(services: Services, designId: string, message: string): Promise<void> {
  const { db } = services.database;
  const failedNow = await db.transaction(async (tx) => {
    const [design] = await tx.select().from(roomDesigns).where(eq(roomDesigns.id, designId));
    if (!design || design.status === 'done' || design.status === 'failed') return false;
    await tx.update(roomDesigns).set({ status: 'failed', error: message, creditState: 'refunded' }).where(eq(roomDesigns.id, designId));
    if (design.creditState === 'reserved') await refundCredit(tx, design.userId);
    return true;
  });
  if (failedNow) await discardResults(services, designId);
}

/**
 * A failed design keeps its uploads (it is listed and can be deleted or tried again); results stored
 * before the failure are shown nowhere, so they and their manifest are removed.
 */
async function discardResults(services: Services, designId: string): Promise<void> {
  const stored = await readObject(services.storage, manifestKey(designId)).catch(() => null);
  if (!stored) return;
  const { images } = JSON.parse(stored.toString('utf8')) as ResultsManifest;
  await deleteObjects(services.storage, [...images.flatMap((image) => [image.key, image.thumbKey]), manifestKey(designId)]);
}

export async function workGeneration(services: Services, pollingIntervalSeconds: number) {
  await services.jobs.work<{ designId: string }>(
    GENERATE_DESIGN_QUEUE,
    { pollingIntervalSeconds, includeMetadata: true },
    async ([job]) => {
      if (!job) return;
      services.log.info({ designId: job.data.designId, attempt: job.retryCount + 1 }, 'generating design');
      try {
        await generateDesign(services, job.data.designId, attemptSignal(job.expireInSeconds));
      } catch (error) {
        const retryable = !(error instanceof EngineError) || error.retryable;
        if (retryable && job.retryCount < job.retryLimit) throw error;
        await failDesign(
          services,
          job.data.designId,
          error instanceof EngineError ? `${error.message} Your credit has been returned.` : GENERATION_FAILED,
        );
      }
    },
  );
  await services.jobs.work<{ designId: string }>(GENERATE_DESIGN_FAILED_QUEUE, { pollingIntervalSeconds }, async ([job]) => {
    if (!job) return;
    services.log.warn({ designId: job.data.designId }, 'generation failed for good without an answer (worker lost): refunding');
    await failDesign(services, job.data.designId, GENERATION_FAILED);
  });
}
