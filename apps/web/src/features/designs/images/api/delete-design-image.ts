import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, queryKey } from '@/lib/api-client';

/** DELETE /api/designs/{id}/images/{imageId}: that one image, or the whole design when it was its last result. */
export const deleteDesignImage = (designId: string, imageId: string) => call('deleteDesignImage', { params: { id: designId, imageId } });

export function useDeleteDesignImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ designId, imageId }: { designId: string; imageId: string }) => deleteDesignImage(designId, imageId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKey('designList') }),
  });
}
