import type { RoomDesign } from '@rv/contracts/api/designs';
import { TIMEOUTS_MS } from '@rv/contracts/constants';
import { call } from '@/lib/api-client';

/**
 * PATCH /api/room-designs/update/{id}?fd_public={bool} (or kb_public): whether the design's results page
 * can be viewed by anyone with its link. `link` is that page's address.
 */
export function setDesignPublic(design: Pick<RoomDesign, 'id' | 'isfdDesign' | 'iskbDesign'>, isPublic: boolean, link: string) {
  const flag = isPublic ? 'true' : 'false';
  return call(
    'updateDesign',
    {
      params: { id: design.id },
      query: design.isfdDesign ? { fd_public: flag } : { kb_public: flag },
      body: { url: link, isfdDesign: design.isfdDesign, iskbDesign: design.iskbDesign },
    },
    { timeoutMs: TIMEOUTS_MS.updateDesign },
  );
}
