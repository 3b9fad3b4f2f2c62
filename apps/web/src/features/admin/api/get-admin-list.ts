import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPage, AdminUserRow, BugReportRow, DesignFeedbackRow, RoomShareRow } from '@rv/contracts/api/admin';
import { ADMIN_PAGE_SIZE } from '@rv/contracts/api/admin';
import { request } from '@/lib/api-client';

/** The four lists of the dashboard, by the name of their call. */
export interface AdminRows {
  users: AdminUserRow;
  'room-shares': RoomShareRow;
  'design-feedback': DesignFeedbackRow;
  'bug-reports': BugReportRow;
}
export type AdminListKind = keyof AdminRows;

export interface AdminListParams {
  page: number;
  /** Searches e-mails. */
  q?: string;
}

/** One page of an admin list (asking with page and limit gives the paged shape, never the plain list). */
export function getAdminList<Kind extends AdminListKind>(kind: Kind, params: AdminListParams, signal?: AbortSignal) {
  const search = new URLSearchParams({ page: String(params.page), limit: String(ADMIN_PAGE_SIZE) });
  if (params.q) search.set('q', params.q);
  return request<AdminPage<AdminRows[Kind]>>(`/api/admin/${kind}?${search}`, { signal });
}

export function adminListQueryOptions<Kind extends AdminListKind>(kind: Kind, params: AdminListParams) {
  return queryOptions({
    queryKey: ['admin', kind, { page: params.page, q: params.q ?? '' }],
    queryFn: ({ signal }) => getAdminList(kind, params, signal),
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useAdminList<Kind extends AdminListKind>(kind: Kind, params: AdminListParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...adminListQueryOptions(kind, params), enabled: options.enabled ?? true });
}
