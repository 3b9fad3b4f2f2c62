import { and, count, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roomDesigns } from '../../db/schema';
import { toMyDesignRecord, type MyDesignsAnswer } from './my-design-record';

export type DesignScope = 'saved' | 'all';

const scopeFilter = (scope: DesignScope): SQL =>
  scope === 'saved' ? sql`${roomDesigns.saveStatusList} @> '[true]'::jsonb` : eq(roomDesigns.status, 'done');

/**
 * One page of the caller's own designs, newest first. The page asked for is brought into range
 * (page 0 is page 1, a page past the end is the last page) and the answer says which page it is
 * (updatedPage), so a list that shrank under the user (a delete) still shows something.
 *
 * One round trip: the page's rows each carry the total (a scalar subquery PostgreSQL runs once, from
 * the index when there is one). Only a page past the end needs a second look.
 */
export async function listRoomDesigns(
  db: Db,
  userId: string,
  options: { page: number; limit: number; scope: DesignScope },
): Promise<MyDesignsAnswer> {
  const where = and(eq(roomDesigns.userId, userId), scopeFilter(options.scope));
  const total = sql<number>`(select count(*) from ${roomDesigns} where ${where})`.mapWith(Number);
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
    const [counted] = await db.select({ n: count() }).from(roomDesigns).where(where);
    found = counted?.n ?? 0;
    page = Math.max(1, Math.ceil(found / options.limit));
    rows = found ? await fetchPage(page) : [];
  }
  const lastPage = Math.max(1, Math.ceil(found / options.limit));
  return {
    result: rows.map(({ total: _total, ...design }) => toMyDesignRecord(design)),
    error: null,
    updatedPage: page,
    hasPreviousPage: page > 1,
    hasNextPage: page < lastPage,
    lastPage,
  };
}
