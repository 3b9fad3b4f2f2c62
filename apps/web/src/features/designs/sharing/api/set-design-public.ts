import { call } from '@/lib/api-client';

/** PUT /api/designs/{id}/public: whether the design's results page can be viewed by anyone with its link. */
export const setDesignPublic = (designId: string, isPublic: boolean) =>
  call('setDesignPublic', { params: { id: designId }, body: { isPublic } });
