import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { styleLensSummary, type StyleLensSummary } from '@rv/contracts/api/account';
import { STYLE_LENS, TIMEOUTS_MS } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { users } from '../../db/schema';
import { EngineError } from '../../engines/image-engine';
import { AppError } from '../../lib/app-error';
import type { Services } from '../../services';
import { processImage } from '../../uploads/process-image';
import type { UploadedFile } from '../../uploads/read-multipart';
import { forEngineCallOwner } from '../../engines/engine-usage';

/** StyleLens photos are inspiration, not rooms to redraw: this wide is plenty (and keeps remote requests small). */
const PHOTO_MAX_WIDTH = 1600;

export interface StyleLensResult {
  lens: string;
  summary: StyleLensSummary;
  photoKeys: string[];
}

/** The engine's answer, or a clear error: a provider fault or a malformed answer is 502, the 10-minute limit 502 too. */
async function runAnalysis(services: Services, userId: string, photos: Buffer[]): Promise<{ lens: string; summary: StyleLensSummary }> {
  const signal = AbortSignal.timeout(TIMEOUTS_MS.styleLensAnalysis);
  let answer: { lens: string; summary: StyleLensSummary };
  try {
    answer = await forEngineCallOwner({ userId }, () => services.visionEngine.analyzeStyle({ photos }, signal));
  } catch (error) {
    if (signal.aborted) throw new AppError('BAD_GATEWAY', messages.styleLens.analysisTimedOut);
    if (error instanceof EngineError) throw new AppError('BAD_GATEWAY', error.message, { retryable: error.retryable });
    throw error;
  }
  // Every engine is held to the same contract at the port, whatever it checked itself.
  const summary = styleLensSummary.safeParse(answer.summary);
  const lens = typeof answer.lens === 'string' ? answer.lens.trim() : '';
  if (!summary.success || !lens) throw new AppError('BAD_GATEWAY', messages.styleLens.analysisIncomplete);
  return { lens, summary: summary.data };
}

/**
 * Builds the user's StyleLens from 5 to 10 photos, in the order given: every photo goes through the
 * upload pipeline (type from the bytes, upright, no metadata, WebP); the vision engine reads them; the
 * photos are stored under style-lens/{userId}/ and the lens replaces the previous one (unsaved until
 * the user saves it). The previous lens's photos are deleted once the new lens is recorded; when
 * anything fails, the new photos are removed and the previous lens stays as it was.
 */
export async function analyzeStyleLens(services: Services, userId: string, files: UploadedFile[]): Promise<StyleLensResult> {
  if (files.length < STYLE_LENS.minPhotos) throw new AppError('BAD_REQUEST', messages.styleLens.tooFewPhotos);
  if (files.length > STYLE_LENS.maxPhotos) throw new AppError('BAD_REQUEST', messages.styleLens.tooManyPhotos);

  const photos: Buffer[] = [];
  for (const file of files) photos.push((await processImage(file.source, { maxWidth: PHOTO_MAX_WIDTH })).full);

  const { lens, summary } = await runAnalysis(services, userId, photos);

  // A new name on every run: stored files are served as immutable, so a key never gets new content.
  const run = randomBytes(6).toString('hex');
  const photoKeys = photos.map((_, index) => `style-lens/${userId}/${run}-${index + 1}.webp`);
  const { db } = services.database;
  const stored: string[] = [];
  let previousKeys: string[];
  try {
    for (const [index, photo] of photos.entries()) {
      await services.storage.put(photoKeys[index]!, photo, 'image/webp');
      stored.push(photoKeys[index]!);
    }
    // Read the lens being replaced inside the same transaction, so two runs at once never orphan photos.
    previousKeys = await db.transaction(async (tx) => {
      const [current] = await tx.select({ styleLens: users.styleLens }).from(users).where(eq(users.id, userId)).for('update');
      await tx
        .update(users)
        .set({ styleLens: { stylelens: lens, human_summary: summary, photoKeys }, styleSaveStatus: false })
        .where(eq(users.id, userId));
      return current?.styleLens?.photoKeys ?? [];
    });
  } catch (error) {
    await Promise.all(stored.map((key) => services.storage.delete(key).catch(() => undefined)));
    throw error;
  }
  await Promise.all(
    previousKeys.filter((key) => !photoKeys.includes(key)).map((key) => services.storage.delete(key).catch(() => undefined)),
  );
  return { lens, summary, photoKeys };
}
