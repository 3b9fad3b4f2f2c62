import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import type { MyDesignRecord } from './get-room-designs';

/** DELETE /api/room-designs/{id}?status_index&c&v: one image, or the whole design when it has one image or fewer. */
export function deleteRoomDesign(design: MyDesignRecord, imageIndex: number) {
  const query = new URLSearchParams({ status_index: String(imageIndex) });
  if (design.clientsFilename) query.set('c', design.clientsFilename);
  if (design.visualizerFilename) query.set('v', design.visualizerFilename);
  return request<{ message: string; deleted: 'design' | 'image' }>(`/api/room-designs/${encodeURIComponent(design.id)}?${query}`, {
    method: 'DELETE',
  });
}

export function useDeleteRoomDesign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ design, imageIndex }: { design: MyDesignRecord; imageIndex: number }) => deleteRoomDesign(design, imageIndex),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['room-designs'] }),
  });
}
