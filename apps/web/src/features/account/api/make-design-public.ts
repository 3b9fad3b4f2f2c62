import { TIMEOUTS_MS } from '@rv/contracts/constants';
import { request } from '@/lib/api-client';
import type { MyDesignRecord } from './get-room-designs';

/** PATCH /api/room-designs/update/{id}?fd_public=true (or kb_public): makes the design's results page viewable by anyone with the link. */
export function makeDesignPublic(design: MyDesignRecord, url: string) {
  const query = design.isfdDesign ? 'fd_public=true' : 'kb_public=true';
  return request<unknown>(`/api/room-designs/update/${encodeURIComponent(design.id)}?${query}`, {
    method: 'PATCH',
    json: { url, isfdDesign: design.isfdDesign, iskbDesign: design.iskbDesign },
    timeoutMs: TIMEOUTS_MS.updateDesign,
  });
}
