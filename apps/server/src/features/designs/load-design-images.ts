import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { designImages, type DesignImageRow } from '../../db/schema';

/** A design's results in the results page's order: rank, then age (then id, so that the order is total). */
export const designImageOrder = [asc(designImages.rank), asc(designImages.createdAt), asc(designImages.id)];

/** The result images of the given designs, each design's in the results page's order (designImageOrder). */
export async function loadDesignImages(db: Pick<Db, 'select'>, designIds: string[]): Promise<Map<string, DesignImageRow[]>> {
  const byDesign = new Map<string, DesignImageRow[]>(designIds.map((id) => [id, []]));
  if (designIds.length === 0) return byDesign;
  const rows = await db
    .select()
    .from(designImages)
    .where(inArray(designImages.designId, designIds))
    .orderBy(asc(designImages.designId), ...designImageOrder);
  for (const row of rows) byDesign.get(row.designId)?.push(row);
  return byDesign;
}
