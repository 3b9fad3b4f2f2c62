import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { roomDesignView } from '@rv/contracts/api/designs';
import { request } from '@/lib/api-client';

export type RoomDesignView = z.infer<typeof roomDesignView>;

export function getRoomDesign(id: string) {
  return request<RoomDesignView>(`/api/room-design/${encodeURIComponent(id)}`, { skipUnauthorizedRedirect: true });
}

export function useRoomDesign(id: string) {
  return useQuery({ queryKey: ['room-design', id], queryFn: () => getRoomDesign(id) });
}

export function claimResults(designId: string) {
  return request<{ creditsRemaining?: number; error?: string }>('/api/claim-results', { method: 'POST', json: { designId } });
}
