import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateDesignImageBody } from '@rv/contracts/api/designs';
import { TIMEOUTS_MS } from '@rv/contracts/constants';
import { call, queryKey } from '@/lib/api-client';

/** PATCH /api/designs/{id}/images/{imageId}: changes only the fields sent, of that one image. */
export const updateDesignImage = (designId: string, imageId: string, body: UpdateDesignImageBody) =>
  call('updateDesignImage', { params: { id: designId, imageId }, body }, { timeoutMs: TIMEOUTS_MS.updateDesign });

/** Saving or renaming one image; the design's page and My Designs are fetched again after it. */
export function useUpdateDesignImage(designId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ imageId, body }: { imageId: string; body: UpdateDesignImageBody }) => updateDesignImage(designId, imageId, body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKey('designView', designId) }),
        queryClient.invalidateQueries({ queryKey: queryKey('designList') }),
      ]),
  });
}
