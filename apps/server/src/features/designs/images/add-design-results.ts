import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { ShoppableItem } from '@rv/contracts/api/designs';
import type { Db } from '../../../db/client';
import { designImages, roomDesigns, type DesignImageRow, type StoredImage } from '../../../db/schema';

export interface ResultImage extends StoredImage {
  /** Architecture fidelity (0..1) and whether it fell below the threshold: generated and fixed images. */
  fidelity?: number;
  flagged?: boolean;
  /** What a person could buy in the image, when the vision engine has listed it. */
  items?: ShoppableItem[];
  /** A refinement made with 'Change only here': its painted area. */
  maskKey?: string;
  /** Which photo of the room it redesigns (0 the room photo; issue 49). */
  photo?: number;
}

/**
 * Adds result images to a design as rows: refinements go in front of the others (the newest is shown
 * first), generated and fixed images after them. The design row is locked while the ranks are chosen,
 * so two tasks finishing together never share a place; an image already added (a job run again) is
 * left as it is. Nothing else of any other image changes.
 */
export async function addDesignResults(
  tx: Pick<Db, 'select' | 'insert'>,
  design: { id: string; userId: string },
  kind: DesignImageRow['kind'],
  images: ResultImage[],
): Promise<void> {
  if (images.length === 0) return;
  const [locked] = await tx.select({ id: roomDesigns.id }).from(roomDesigns).where(eq(roomDesigns.id, design.id)).for('update');
  if (!locked) return;
  const [range] = await tx
    .select({ first: sql<number | null>`min(${designImages.rank})`, last: sql<number | null>`max(${designImages.rank})` })
    .from(designImages)
    .where(eq(designImages.designId, design.id));
  const first = range?.first === null || range?.first === undefined ? 0 : Number(range.first);
  const last = range?.last === null || range?.last === undefined ? -1 : Number(range.last);
  const start = kind === 'refined' ? first - images.length : last + 1;
  await tx
    .insert(designImages)
    .values(
      images.map((image, index) => ({
        id: randomUUID(),
        designId: design.id,
        userId: design.userId,
        kind,
        rank: start + index,
        key: image.key,
        thumbKey: image.thumbKey,
        width: image.width,
        height: image.height,
        thumbWidth: image.thumbWidth ?? null,
        fidelity: image.fidelity ?? null,
        flagged: image.flagged ?? false,
        items: image.items ?? null,
        maskKey: image.maskKey ?? null,
        photo: image.photo ?? 0,
      })),
    )
    .onConflictDoNothing({ target: [designImages.designId, designImages.key] });
}
