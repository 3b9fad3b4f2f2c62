import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { paginationInfo } from '@rv/contracts/api/common';
import type { RoomDesign } from '@rv/contracts/api/designs';
import { DESIGNS_PAGE_SIZE, TIMEOUTS_MS } from '@rv/contracts/constants';
import { request } from '@/lib/api-client';

/** The list's record: the spec's design record plus a thumbnail for each image (same order, refined first). */
export interface MyDesignRecord extends RoomDesign {
  thumbnailUrls?: string[];
  originalThumbnailUrl?: string;
}
export type RoomDesignsPage = z.infer<typeof paginationInfo> & { result: MyDesignRecord[]; error: string | null };

/** saved: designs with a saved image (My Designs); all: every finished design (Auto-saved Designs). */
export type DesignScope = 'saved' | 'all';

export function getRoomDesigns(page: number, scope: DesignScope) {
  const query = new URLSearchParams({ page: String(page), limit: String(DESIGNS_PAGE_SIZE) });
  if (scope === 'all') query.set('scope', 'all');
  return request<RoomDesignsPage>(`/api/room-designs?${query}`, { timeoutMs: TIMEOUTS_MS.designsList });
}

export const roomDesignsQueryOptions = (page: number, scope: DesignScope) =>
  queryOptions({
    queryKey: ['room-designs', scope, page],
    queryFn: () => getRoomDesigns(page, scope),
    placeholderData: keepPreviousData,
  });

export const useRoomDesigns = (page: number, scope: DesignScope, options: { enabled?: boolean } = {}) =>
  useQuery({ ...roomDesignsQueryOptions(page, scope), enabled: options.enabled ?? true });
