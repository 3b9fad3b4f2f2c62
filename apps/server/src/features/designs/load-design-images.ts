import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { designImages, type DesignImageRow } from '../../db/schema';

/** The result images of the given designs, each design's in the results page's order (rank, then age). */
export async function loadDesignImages(db: Pick<Db, 'select'>, designIds: string[]): Promise<Map<string, DesignImageRow[]>> {
  const byDesign = new Map<string, DesignImageRow[]>(designIds.map((id) => [id, []]));
  if (designIds.length === 0) return byDesign;
  const rows = await db
    .select()
    .from(designImages)
    .where(inArray(designImages.designId, designIds))
    .orderBy(asc(designImages.designId), asc(designImages.rank), asc(designImages.createdAt), asc(designImages.id));
  for (const row of rows) byDesign.get(row.designId)?.push(row);
  return byDesign;
}
