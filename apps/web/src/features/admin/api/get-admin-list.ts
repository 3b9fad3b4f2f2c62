import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  AdminPage,
  AdminUserRow,
  AuditLogRow,
  BugReportRow,
  DesignFeedbackRow,
  OrphanPaymentRow,
  RoomShareRow,
} from '@rv/contracts/api/admin';
import { ADMIN_PAGE_SIZE } from '@rv/contracts/api/admin';
import { call } from '@/lib/api-client';

/** The lists of the dashboard, by the name of their call. */
export interface AdminRows {
  users: AdminUserRow;
  'room-shares': RoomShareRow;
  'design-feedback': DesignFeedbackRow;
  'bug-reports': BugReportRow;
  'audit-log': AuditLogRow;
  'orphan-payments': OrphanPaymentRow;
}
export type AdminListKind = keyof AdminRows;

type ListQuery = { page: number; limit: number; q?: string };
type ListCall<Kind extends AdminListKind> = (
  query: ListQuery,
  signal?: AbortSignal,
) => Promise<AdminRows[Kind][] | AdminPage<AdminRows[Kind]>>;

/** Each list's catalogue entry. */
const listCalls: { [Kind in AdminListKind]: ListCall<Kind> } = {
  users: (query, signal) => call('adminUsers', { query }, { signal }),
  'room-shares': (query, signal) => call('adminRoomShares', { query }, { signal }),
  'design-feedback': (query, signal) => call('adminDesignFeedback', { query }, { signal }),
  'bug-reports': (query, signal) => call('adminBugReports', { query }, { signal }),
  'audit-log': (query, signal) => call('adminAuditLog', { query }, { signal }),
  'orphan-payments': (query, signal) => call('adminOrphanPayments', { query }, { signal }),
};

/** Asked with page and limit, a list answers its paged shape (`adminPage`), never the plain list. */
function isPage<Row>(answer: Row[] | AdminPage<Row>): answer is AdminPage<Row> {
  return !Array.isArray(answer);
}

export interface AdminListParams {
  page: number;
  /** Searches e-mails. */
  q?: string;
}

/** One page of an admin list (asking with page and limit gives the paged shape, never the plain list). */
export async function getAdminList<Kind extends AdminListKind>(kind: Kind, params: AdminListParams, signal?: AbortSignal) {
  const query = { page: params.page, limit: ADMIN_PAGE_SIZE, ...(params.q ? { q: params.q } : {}) };
  const listCall: ListCall<Kind> = listCalls[kind];
  const answer = await listCall(query, signal);
  if (!isPage(answer)) throw new Error(`The ${kind} list answered without its page.`);
  return answer;
}

export function adminListQueryOptions<Kind extends AdminListKind>(kind: Kind, params: AdminListParams) {
  return queryOptions({
    queryKey: ['admin', kind, { page: params.page, q: params.q ?? '' }],
    queryFn: ({ signal }) => getAdminList(kind, params, signal),
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
    // Asked afresh whenever shown: a page returned to (the server's last page, rows removed meanwhile) is not the cached one.
    staleTime: 0,
  });
}

export function useAdminList<Kind extends AdminListKind>(kind: Kind, params: AdminListParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...adminListQueryOptions(kind, params), enabled: options.enabled ?? true });
}
