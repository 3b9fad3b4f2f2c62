import { and, eq, inArray } from 'drizzle-orm';
import { messages } from '@rv/contracts/messages';
import sharp from 'sharp';
import { roomDesigns, type DesignRow } from '../../../db/schema';
import type { ImageSlot, LabelledImage } from '../../../domain/design-brief';
import { FIDELITY_THRESHOLD, scoreArchitectureFidelity } from '../../../engines/fidelity/architecture-fidelity';
import { sanitizeAnalysisHtml } from '../../../lib/sanitize-analysis-html';
import { buildDesignPrompt } from '../../../prompts/build-design-prompt';
import type { Services } from '../../../services';
import { deleteObjects } from '../../../storage/delete-objects';
import { readObject } from '../../../storage/read-object';
import { makeThumbnail } from '../../../uploads/process-image';
import { addDesignResults, type ResultImage } from '../images/add-design-results';
import { deleteAfterCommit } from '../../../jobs/discard-objects';
import { discardDesignResults, MAX_RESULTS_PER_DESIGN, VARIATIONS_PER_DESIGN } from './fail-design';
import { listResultItems } from '../images/list-result-items';
import {
  generatedKey,
  generatedThumbKey,
  noImageRetryKey,
  resultsManifestKey,
  resultsManifest,
  type ResultsManifest,
} from '../images/design-files';
import { withOneMoreImageTry } from '../one-more-image-try';
import { forEngineCallOwner } from '../../../engines/engine-usage';
import { measureConsistency } from '../homes/consistency';

export { VARIATIONS_PER_DESIGN };

/** What the design's job is doing now, for its event stream (ADR 066); a write that fails costs the design nothing. */
async function tell(services: Services, designId: string, statusText: string): Promise<void> {
  await services.database.db
    .update(roomDesigns)
    .set({ statusText })
    .where(and(eq(roomDesigns.id, designId), eq(roomDesigns.status, 'running')))
    .catch((error: unknown) => services.log.warn({ err: error, designId }, 'could not record a design’s progress'));
}

async function loadImage(services: Services, key: string): Promise<Buffer> {
  const data = await readObject(services.storage, key);
  if (!data) throw new Error(`stored image missing: ${key}`);
  return data;
}

/**
 * The engine call, done at most once per design: its results are copied into our storage with a
 * manifest before anything else, so a retried or resumed job finds them and does not pay again.
 */
async function engineResults(services: Services, design: DesignRow, original: Buffer, signal?: AbortSignal): Promise<ResultsManifest> {
  const existing = await readObject(services.storage, resultsManifestKey(design.id));
  if (existing) {
    // A manifest that is not one (not JSON, another shape) fails the run as before, rather than paying the engine again.
    const manifest = resultsManifest.parse(JSON.parse(existing.toString('utf8')));
    services.log.info({ designId: design.id, providerRequestId: manifest.providerRequestId }, 'engine results reused from storage');
    return manifest;
  }

  const slots: ImageSlot[] = [];
  const references: LabelledImage[] = [];
  for (const ref of design.references) {
    const slot: ImageSlot = ref.role === 'inspiration' ? { role: ref.role } : { role: ref.role, itemIndex: ref.itemIndex };
    slots.push(slot);
    references.push({ ...slot, data: await loadImage(services, ref.key), mimeType: 'image/webp' });
  }
  // A look (issue 49): the result it was taken from goes right after the room photo, when it is still stored.
  const lookImage = design.brief.look ? await readObject(services.storage, design.brief.look.sourceImageKey) : null;
  if (lookImage) {
    slots.unshift({ role: 'look' });
    references.unshift({ role: 'look', data: lookImage, mimeType: 'image/webp' });
  }
  const prompt = buildDesignPrompt(design.brief, [{ role: 'room' }, ...slots]);
  await services.database.db.update(roomDesigns).set({ prompt }).where(eq(roomDesigns.id, design.id));
  // A room given as several photos (ADR 065): one result per photo, each its own call with the same brief,
  // look and pieces; a single photo gets the design's variations.
  const photos = [original, ...(await Promise.all(design.morePhotos.map((photo) => loadImage(services, photo.key))))];
  const perPhoto = photos.length > 1;
  const calls = await Promise.all(
    photos.map((photo, index) =>
      // An answer without an image is worth one more paid attempt, of one variation, recorded (ADR 034).
      withOneMoreImageTry(services, noImageRetryKey(design.id, perPhoto ? `photo-${index + 1}` : undefined), (retried) =>
        forEngineCallOwner({ designId: design.id, userId: design.userId }, () =>
          services.imageEngine.redesign(
            {
              prompt,
              brief: design.brief,
              room: { role: 'room', data: photo, mimeType: 'image/webp' },
              references,
              count: retried || perPhoto ? 1 : VARIATIONS_PER_DESIGN,
            },
            { requestKey: `design:${design.id}${perPhoto ? `:photo-${index + 1}` : ''}${retried ? ':again' : ''}`, signal },
          ),
        ),
      ),
    ),
  );
  for (const result of calls)
    if (result.declined?.length)
      services.log.warn(
        { designId: design.id, delivered: result.images.length, declined: result.declined.map((error) => error.detail ?? error.message) },
        'some variations did not come back: the design keeps those delivered',
      );
  const answered = calls.flatMap((result, photo) =>
    result.images.slice(0, perPhoto ? 1 : VARIATIONS_PER_DESIGN).map((image) => ({ image, photo })),
  );
  const images: ResultsManifest['images'] = [];
  const lookAsWordsOnly = calls.find((result) => result.lookAsWordsOnly)?.lookAsWordsOnly;
  const notes = [...new Set(calls.flatMap((result) => result.notes ?? []))];
  const manifest: ResultsManifest = {
    providerRequestId: calls.map((result) => result.providerRequestId).join(' '),
    ...(lookAsWordsOnly ? { lookAsWordsOnly } : {}),
    ...(notes.length > 0 ? { notes } : {}),
    images,
  };
  try {
    // At most MAX_RESULTS_PER_DESIGN: a failed design's keys are known from it (fail-design.ts).
    const delivered = answered.slice(0, MAX_RESULTS_PER_DESIGN);
    for (const [index, { image, photo }] of delivered.entries()) {
      await tell(services, design.id, messages.designProgress.image(index + 1, delivered.length));
      const key = generatedKey(design.id, index + 1);
      const thumbKey = generatedThumbKey(design.id, index + 1);
      const full = await sharp(image.data).webp({ quality: 88 }).toBuffer({ resolveWithObject: true });
      const thumb = await makeThumbnail(full.data);
      images.push({ key, thumbKey, width: full.info.width, height: full.info.height, thumbWidth: thumb.width, photo });
      await services.storage.put(key, full.data, 'image/webp');
      await services.storage.put(thumbKey, thumb.data, 'image/webp');
    }
    await services.storage.put(resultsManifestKey(design.id), Buffer.from(JSON.stringify(manifest)), 'application/json');
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
  const started = await db
    .update(roomDesigns)
    .set({ status: 'running', statusText: messages.designProgress.analysing })
    .where(and(eq(roomDesigns.id, designId), inArray(roomDesigns.status, ['queued', 'running'])))
    .returning({ id: roomDesigns.id });
  if (started.length === 0) return; // failed (or finished) by another run since it was read

  const original = await loadImage(services, design.original.key);
  const manifest = await engineResults(services, design, original, signal);
  const generated: ResultImage[] = [];
  for (const [index, image] of manifest.images.entries()) {
    await tell(services, designId, messages.designProgress.checking(index + 1, manifest.images.length));
    // Each result against the photo it redesigns.
    const photo = image.photo ? design.morePhotos[image.photo - 1] : undefined;
    const room = photo ? await loadImage(services, photo.key) : original;
    const fidelity = await scoreArchitectureFidelity(room, await loadImage(services, image.key));
    generated.push({ ...image, fidelity: Math.round(fidelity * 1000) / 1000, flagged: fidelity < FIDELITY_THRESHOLD });
  }
  await tell(services, designId, messages.designProgress.finishing);
  const first = await loadImage(services, manifest.images[0]!.key);
  const [analysis, listed] = await Promise.all([
    forEngineCallOwner({ designId, userId: design.userId }, () =>
      services.visionEngine.analyzeDesign({ original, result: first, brief: design.brief }, signal),
    ),
    listResultItems(services, design, generated, signal),
  ]);
  // The row is locked and its status read again: a design another run has failed since (and whose
  // credit came back) is never made done, and the results this run stored for it are recorded for
  // deletion in the same transaction (the deletion job removes them after the commit).
  // Made with a look: how close the first result came (issue 49), stored with the design.
  const look = design.brief.look;
  const consistency = look
    ? await measureConsistency(first, {
        look,
        resultItems: (listed[0]?.items ?? []).map((item) => item.name),
        lookAsWordsOnly: manifest.lookAsWordsOnly,
      })
    : null;
  const analysisHtml = await sanitizeAnalysisHtml(analysis.html);
  const analysisOwnerHtml = await sanitizeAnalysisHtml(analysis.ownerHtml);
  const outcome = await db.transaction(async (tx) => {
    const [current] = await tx.select({ status: roomDesigns.status }).from(roomDesigns).where(eq(roomDesigns.id, designId)).for('update');
    if (current?.status !== 'running')
      return { status: current?.status, discarded: current?.status === 'done' ? [] : await discardDesignResults(tx, designId) };
    await addDesignResults(tx, design, 'generated', listed);
    await tx
      .update(roomDesigns)
      .set({
        status: 'done',
        analysisHtml,
        analysisOwnerHtml,
        providerRequestId: manifest.providerRequestId,
        creditState: 'committed',
        error: null,
        consistency,
        engineNotes: manifest.notes ?? [],
      })
      .where(eq(roomDesigns.id, designId));
    return { status: 'done', discarded: [] };
  });
  if (outcome.status === 'done') services.metrics.countDesign('done', design.tool);
  await deleteAfterCommit(services, outcome.discarded);
}
