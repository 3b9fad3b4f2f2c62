import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RoomDesign, updateDesignBody } from '@rv/contracts/api/designs';
import { TIMEOUTS_MS } from '@rv/contracts/constants';
import { request } from '@/lib/api-client';
import type { MyDesignRecord } from './get-room-designs';

export type UpdateDesignBody = z.infer<typeof updateDesignBody>;

/** PATCH /api/room-designs/update/{id}: the per-image maps and the save status list; answers the updated record. */
export const updateRoomDesign = (id: string, body: UpdateDesignBody) =>
  request<RoomDesign>(`/api/room-designs/update/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: body,
    timeoutMs: TIMEOUTS_MS.updateDesign,
  });

/** Saving one image to My Designs: its name, room type and notes at its index, and its status set to saved. */
export function saveImageBody(
  design: MyDesignRecord,
  index: number,
  input: { name: string; roomType: string; notes: string },
): UpdateDesignBody {
  const key = String(index);
  return {
    projectNameMap: { ...design.projectNameMap, [key]: input.name },
    roomTypeMap: { ...design.roomTypeMap, [key]: input.roomType },
    notesMap: { ...design.notesMap, [key]: input.notes },
    refinedSaveStatusList: design.refinedImageStorageUrls.map((_, i) => (i === index ? true : (design.refinedSaveStatusList[i] ?? false))),
  };
}

export function useSaveDesignImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      design,
      index,
      input,
    }: {
      design: MyDesignRecord;
      index: number;
      input: { name: string; roomType: string; notes: string };
    }) => updateRoomDesign(design.id, saveImageBody(design, index, input)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['room-designs'] }),
  });
}
