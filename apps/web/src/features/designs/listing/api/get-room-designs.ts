import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MyDesignsAnswer } from '@rv/contracts/api/designs';
import { DESIGNS_PAGE_SIZE, TIMEOUTS_MS } from '@rv/contracts/constants';
import { call, queryKey } from '@/lib/api-client';
import type { DesignListScope } from '@rv/contracts/domain';

export type { MyDesignRecord } from '@rv/contracts/api/designs';
export type RoomDesignsPage = MyDesignsAnswer;

/** saved: designs with a saved image (My Designs); all: every finished design (Auto-saved Designs). */
export type DesignScope = DesignListScope;

export const getRoomDesigns = (page: number, scope: DesignScope) =>
  call('myDesigns', { query: { page, limit: DESIGNS_PAGE_SIZE, scope } }, { timeoutMs: TIMEOUTS_MS.designsList });

export const roomDesignsQueryOptions = (page: number, scope: DesignScope) =>
  queryOptions({
    queryKey: queryKey('myDesigns', scope, page),
    queryFn: () => getRoomDesigns(page, scope),
    placeholderData: keepPreviousData,
  });

export const useRoomDesigns = (page: number, scope: DesignScope, options: { enabled?: boolean } = {}) =>
  useQuery({ ...roomDesignsQueryOptions(page, scope), enabled: options.enabled ?? true });
