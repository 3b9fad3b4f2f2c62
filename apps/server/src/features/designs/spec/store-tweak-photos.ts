import { DESIGN_UPLOAD_LIMITS } from '@rv/contracts/constants';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { messages } from '@rv/contracts/messages';
import { roomDesigns } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import type { Services } from '../../../services';
import { processImage } from '../../../uploads/process-image';
import type { UploadedFile } from '../../../uploads/read-multipart';
import { findOwnDesign } from '../find-own-design';

export const MAX_TWEAK_IMAGES = DESIGN_UPLOAD_LIMITS.tweak;

/**
 * Tweak photos for the next refinement of the caller's design: every photo is checked before any is
 * stored (a refused one leaves nothing behind); the design keeps the last three, and photos pushed off
 * that list are removed. Answers the pending keys.
 */
export async function storeTweakPhotos(services: Services, input: { userId: string; designId: string; files: UploadedFile[] }) {
  const { db } = services.database;
  const design = await findOwnDesign(db, input.designId, input.userId);
  if (!input.files.length) throw new AppError('BAD_REQUEST', messages.validation.noFile);
  const images = [];
  for (const file of input.files) images.push(await processImage(file.source));
  const keys: string[] = [];
  try {
    for (const image of images) {
      const key = `designs/${design.id}/tweak-${randomBytes(6).toString('hex')}.webp`;
      await services.storage.put(key, image.full, 'image/webp');
      keys.push(key);
    }
  } catch (error) {
    await Promise.all(keys.map((key) => services.storage.delete(key).catch(() => undefined)));
    throw error;
  }
  const all = [...design.pendingTweakKeys, ...keys];
  const pending = all.slice(-MAX_TWEAK_IMAGES);
  await db.update(roomDesigns).set({ pendingTweakKeys: pending }).where(eq(roomDesigns.id, design.id));
  await Promise.all(all.slice(0, -MAX_TWEAK_IMAGES).map((key) => services.storage.delete(key).catch(() => undefined)));
  return pending;
}
