import { and, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { designImages, roomDesigns } from '../../../db/schema';
import { loadDesignImages } from '../load-design-images';
import type { DesignListAnswer } from '@rv/contracts/api/design-view';
import { toDesignView } from '../view/design-view';
import type { DesignListScope } from '@rv/contracts/domain';

export type DesignScope = DesignListScope;

/**
 * My Designs: the designs with a saved image, found from the saved images' own index (design_images_user_saved_idx);
 * Auto-saved Designs: every finished one; recent: every one, whatever its state.
 */
const scopeFilter = (scope: DesignScope, userId: string): SQL | undefined =>
  scope === 'saved'
    ? inArray(
        roomDesigns.id,
        sql`(select ${designImages.designId} from ${designImages} where ${designImages.userId} = ${userId} and ${designImages.saved})`,
      )
    : scope === 'all'
      ? eq(roomDesigns.status, 'done')
      : undefined;

/**
 * One page of the caller's own designs as views, newest first. The page asked for is brought into range
 * (page 0 is page 1, a page past the end is the last page) and the answer says which page it is
 * (updatedPage), so a list that shrank under the user (a delete) still shows something.
 *
 * Two round trips: the page's rows, each carrying the total (a scalar subquery PostgreSQL runs once,
 * from an index), then the result images of those designs. Only a page past the end needs another look.
 */
export async function listDesigns(
  db: Db,
  userId: string,
  options: { page: number; limit: number; scope: DesignScope },
): Promise<DesignListAnswer> {
  const where = and(eq(roomDesigns.userId, userId), scopeFilter(options.scope, userId));
  // Saved designs are counted from the saved images' index alone (an image carries its design's owner).
  const countSql =
    options.scope === 'saved'
      ? sql`(select count(distinct ${designImages.designId}) from ${designImages} where ${designImages.userId} = ${userId} and ${designImages.saved})`
      : sql`(select count(*) from ${roomDesigns} where ${where})`;
  const total = countSql.mapWith(Number);
  const fetchPage = (page: number) =>
    db
      .select({ ...getTableColumns(roomDesigns), total })
      .from(roomDesigns)
      .where(where)
      .orderBy(desc(roomDesigns.createdAt), desc(roomDesigns.id))
      .limit(options.limit)
      .offset((page - 1) * options.limit);

  let page = Math.max(options.page, 1);
  let rows = await fetchPage(page);
  let found = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    const [counted] = await db.select({ n: total }).from(sql`(select 1) as one`);
    found = counted?.n ?? 0;
    page = Math.max(1, Math.ceil(found / options.limit));
    rows = found ? await fetchPage(page) : [];
  }
  const lastPage = Math.max(1, Math.ceil(found / options.limit));
  const images = await loadDesignImages(
    db,
    rows.map((row) => row.id),
  );
  return {
    designs: rows.map(({ total: _total, ...design }) => toDesignView(design, images.get(design.id) ?? [])),
    updatedPage: page,
    hasPreviousPage: page > 1,
    hasNextPage: page < lastPage,
    lastPage,
  };
}
