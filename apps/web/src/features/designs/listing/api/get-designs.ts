import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DesignListAnswer } from '@rv/contracts/api/design-view';
import type { DesignListScope } from '@rv/contracts/domain';
import { DESIGNS_PAGE_SIZE, TIMEOUTS_MS } from '@rv/contracts/constants';
import { call, queryKey } from '@/lib/api-client';

export type DesignsPage = DesignListAnswer;

/** saved: designs with a saved image (My Designs); all: every finished design (Auto-saved Designs). */
export type DesignScope = DesignListScope;

/** GET /api/designs: a page of the caller's designs as views (ADR 025). */
export const getDesigns = (page: number, scope: DesignScope) =>
  call('designList', { query: { page, limit: DESIGNS_PAGE_SIZE, scope } }, { timeoutMs: TIMEOUTS_MS.designsList });

export const designsQueryOptions = (page: number, scope: DesignScope) =>
  queryOptions({
    queryKey: queryKey('designList', scope, page),
    queryFn: () => getDesigns(page, scope),
    placeholderData: keepPreviousData,
  });

export const useDesigns = (page: number, scope: DesignScope, options: { enabled?: boolean } = {}) =>
  useQuery({ ...designsQueryOptions(page, scope), enabled: options.enabled ?? true });
