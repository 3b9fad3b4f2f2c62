import { randomUUID } from 'node:crypto';
import { STYLE_LENS } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { styleLensTasks } from '../../db/schema';
import { discardObjects } from '../../jobs/discard-objects';
import { enqueueStyleLens } from '../../jobs/style-lens-job';
import { AppError } from '../../lib/app-error';
import { hitRateLimit } from '../../lib/rate-limit';
import type { Services } from '../../services';
import { processImage } from '../../uploads/process-image';
import type { UploadedFile } from '../../uploads/read-multipart';

/** StyleLens photos are inspiration, not rooms to redraw: this wide is plenty (and keeps remote requests small). */
const PHOTO_MAX_WIDTH = 1600;
/** Analyses per user per hour: each one is a vision-engine call (a paid one with a remote provider). */
const ANALYSES_PER_HOUR = 20;

/**
 * Starts a StyleLens analysis of 5 to 10 photos, in the order given (ADR 066): every photo goes through the
 * upload pipeline (type from the bytes, upright, no metadata, WebP) and is stored under
 * style-lens/{userId}/{taskId}-{n}.webp (a new name on every run: stored files are served as immutable),
 * then the task's row is written and its `style-lens` job queued. Answers the task's id at once; the job
 * makes the lens (run-style-lens.ts). A refused photo stores nothing: what was stored is discarded.
 */
export async function startStyleLens(services: Services, userId: string, files: UploadedFile[]): Promise<string> {
  if (files.length < STYLE_LENS.minPhotos) throw new AppError('BAD_REQUEST', messages.styleLens.tooFewPhotos);
  if (files.length > STYLE_LENS.maxPhotos) throw new AppError('BAD_REQUEST', messages.styleLens.tooManyPhotos);
  const { db } = services.database;
  await hitRateLimit(db, `stylelens-analyze:${userId}`, ANALYSES_PER_HOUR, 60 * 60_000);

  const taskId = randomUUID();
  const photoKeys: string[] = [];
  try {
    for (const [index, file] of files.entries()) {
      const photo = (await processImage(file.source, { maxWidth: PHOTO_MAX_WIDTH })).full;
      const key = `style-lens/${userId}/${taskId}-${index + 1}.webp`;
      await services.storage.put(key, photo, 'image/webp');
      photoKeys.push(key);
    }
    await db.insert(styleLensTasks).values({ id: taskId, userId, photoKeys });
  } catch (error) {
    await discardObjects(services, photoKeys);
    throw error;
  }
  await enqueueStyleLens(services.jobs, taskId);
  return taskId;
}
