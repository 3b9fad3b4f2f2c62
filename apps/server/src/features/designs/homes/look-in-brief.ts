import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { messages } from '@rv/contracts/messages';
import type { Db } from '../../../db/client';
import { designImages, type ReferenceImage } from '../../../db/schema';
import type { BriefLook, DesignBrief } from '../../../domain/design-brief';
import { discardObjects } from '../../../jobs/discard-objects';
import { AppError } from '../../../lib/app-error';
import type { Services } from '../../../services';
import { readObject } from '../../../storage/read-object';
import { findOwnLook } from './take-look';

/** The caller's look as a design's brief carries it: the look and the stored result it came from (404 for another user's). */
export async function lookForBrief(db: Db, lookId: string, userId: string): Promise<BriefLook> {
  const row = await findOwnLook(db, lookId, userId);
  const [source] = await db.select({ key: designImages.key }).from(designImages).where(eq(designImages.id, row.imageId));
  if (!source) throw new AppError('NOT_FOUND', messages.server.notFound);
  return { ...row.look, sourceImageKey: source.key };
}

/**
 * The look's named pieces that have the person's photos go into the new design as its items (furnishing
 * only: a kitchen's items are finishes by category), each photo copied under the new design (so deleting
 * either design leaves the other whole): the engines then place the same pieces, the offline one too.
 * Copies already made are discarded if one fails.
 */
export async function withLookPieces(
  services: Pick<Services, 'storage' | 'database' | 'jobs' | 'log'>,
  designId: string,
  brief: DesignBrief & { look: BriefLook },
  references: ReferenceImage[],
): Promise<{ brief: DesignBrief; references: ReferenceImage[] }> {
  if (brief.tool !== 'furnishing') return { brief, references };
  const items = [...brief.items];
  const added: ReferenceImage[] = [];
  try {
    for (const [index, piece] of brief.look.pieces.entries()) {
      if (!piece.photoKey || items.length >= 10) continue;
      const data = await readObject(services.storage, piece.photoKey);
      if (!data) continue;
      const thumb = await readObject(services.storage, piece.photoKey.replace(/\.webp$/, '-thumb.webp'));
      const { width = 1, height = 1 } = await sharp(data).metadata();
      const key = `designs/${designId}/item-look-${index + 1}.webp`;
      const thumbKey = `designs/${designId}/item-look-${index + 1}-thumb.webp`;
      await services.storage.put(key, data, 'image/webp');
      added.push({ key, thumbKey, width, height, role: 'item', itemIndex: items.length });
      await services.storage.put(thumbKey, thumb ?? data, 'image/webp');
      items.push({ description: piece.name, placement: '' });
    }
  } catch (error) {
    await discardObjects(
      services,
      added.flatMap((image) => [image.key, image.thumbKey]),
    );
    throw error;
  }
  return { brief: { ...brief, items }, references: [...references, ...added] };
}
