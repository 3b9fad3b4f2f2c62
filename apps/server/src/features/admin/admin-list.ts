import { ilike, type AnyColumn, type SQL } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE, type AdminPage } from '@rv/contracts/api/admin';

export interface AdminListOptions {
  page?: number;
  limit?: number;
  q?: string;
}

export interface RowRange {
  limit: number;
  offset: number;
}

/**
 * The answer of an admin list: the spec's plain list when neither `page` nor `limit` was asked for,
 * else one page of it (a page past the end answers the last page, named in `updatedPage`).
 */
export async function answerList<Row>(
  options: AdminListOptions,
  source: { count: () => Promise<number>; rows: (range?: RowRange) => Promise<Row[]> },
): Promise<Row[] | AdminPage<Row>> {
  if (options.page === undefined && options.limit === undefined) return source.rows();
  const limit = options.limit ?? ADMIN_PAGE_SIZE;
  const total = await source.count();
  const lastPage = Math.max(1, Math.ceil(total / limit));
  const page = Math.min(options.page ?? 1, lastPage);
  const items = await source.rows({ limit, offset: (page - 1) * limit });
  return { items, total, limit, updatedPage: page, hasPreviousPage: page > 1, hasNextPage: page < lastPage, lastPage };
}

/** Rows whose e-mail contains the search text (LIKE wildcards in it are taken literally); none when blank. */
export function emailContains(column: AnyColumn, q: string | undefined): SQL | undefined {
  const text = q?.trim().toLowerCase();
  if (!text) return undefined;
  return ilike(column, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}
