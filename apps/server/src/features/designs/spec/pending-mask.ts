import { fileUrl } from '@rv/contracts/files';
import { messages } from '@rv/contracts/messages';
import { eq, sql } from 'drizzle-orm';
import { roomDesigns, type DesignImageRow } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import type { Services } from '../../../services';
import { deleteObjects } from '../../../storage/delete-objects';
import { readObject } from '../../../storage/read-object';
import { findOwnDesign } from '../find-own-design';
import { loadDesignImages } from '../load-design-images';
import { checkedMask, maskedImageId, maskKeyFor, type PaintedMask } from '../tasks/refine-mask';

/** How many painted areas a design keeps for the spec's refinements not yet started. */
const PENDING_MASKS = 3;

/**
 * The spec's calls name the image refined by its URL (`active_url`: /api/files/<key>, maybe with its
 * origin): the design's result whose own URL that is (our web app names the image by id).
 */
export function imageOfActiveUrl(images: DesignImageRow[], activeUrl: string | undefined): DesignImageRow | undefined {
  if (!activeUrl) return undefined;
  let pathname: string;
  try {
    pathname = decodeURI(new URL(activeUrl, 'http://localhost').pathname);
  } catch {
    return undefined;
  }
  return images.find((image) => fileUrl(image.key) === pathname);
}

/**
 * The spec's refine upload with a mask: the mask is checked against the image `active_url` names (else
 * the design's first result), stored, and kept on the design as pending until the spec's stream names
 * it. Answers its key.
 */
export async function storeRefineMask(
  services: Services,
  input: { userId: string; designId: string; activeUrl?: string; painted: PaintedMask },
): Promise<string> {
  const { db } = services.database;
  const design = await findOwnDesign(db, input.designId, input.userId);
  const images = (await loadDesignImages(db, [design.id])).get(design.id) ?? [];
  const image = input.activeUrl ? imageOfActiveUrl(images, input.activeUrl) : images[0];
  if (!image) throw new AppError('BAD_REQUEST', messages.refineMask.notThisImage);
  const png = await checkedMask(image, input.painted);
  const key = maskKeyFor(design.id, image.id);
  await services.storage.put(key, png, 'image/png');
  // The design keeps the newest few not yet used (so no stored file is without a row); older ones go.
  // One atomic append, then one atomic removal of exactly the keys pushed off: two uploads at once lose neither.
  const [row] = await db
    .update(roomDesigns)
    .set({ pendingMaskKeys: sql`${roomDesigns.pendingMaskKeys} || ${JSON.stringify([key])}::jsonb` })
    .where(eq(roomDesigns.id, design.id))
    .returning({ pending: roomDesigns.pendingMaskKeys });
  const pushedOff = (row?.pending ?? []).slice(0, -PENDING_MASKS);
  if (pushedOff.length) {
    await db
      .update(roomDesigns)
      .set({
        pendingMaskKeys: sql`${roomDesigns.pendingMaskKeys} - array[${sql.join(
          pushedOff.map((old) => sql`${old}`),
          sql`, `,
        )}]::text[]`,
      })
      .where(eq(roomDesigns.id, design.id));
    await deleteObjects(services.storage, pushedOff);
  }
  return key;
}

/**
 * The stored mask the spec's stream names (`mask`): one of this design's pending ones, painted on the
 * image being refined (or, when the stream names no image, on the image it was painted on). Answers the
 * mask's key and the base image's key.
 */
export async function maskedBase(
  services: Pick<Services, 'storage'>,
  design: { id: string; pendingMaskKeys: string[] },
  maskKey: string,
  images: DesignImageRow[],
  active: DesignImageRow | undefined,
): Promise<{ maskKey: string; baseKey: string }> {
  const imageId = maskedImageId(design.id, maskKey);
  const image = imageId ? images.find((row) => row.id === imageId) : undefined;
  if (!image || (active && active.id !== image.id)) throw new AppError('BAD_REQUEST', messages.refineMask.notThisImage);
  if (!design.pendingMaskKeys.includes(maskKey) || !(await readObject(services.storage, maskKey)))
    throw new AppError('BAD_REQUEST', messages.refineMask.notThisImage);
  return { maskKey, baseKey: image.key };
}
