import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { roomDesignView } from '@rv/contracts/api/designs';
import { call, queryKey } from '@/lib/api-client';

export type RoomDesignView = z.infer<typeof roomDesignView>;

export function getRoomDesign(id: string) {
  return call('roomDesign', { params: { id } }, { skipUnauthorizedRedirect: true });
}

export function useRoomDesign(id: string) {
  return useQuery({ queryKey: queryKey('roomDesign', id), queryFn: () => getRoomDesign(id) });
}

export function claimResults(designId: string) {
  return call('claimResults', { body: { designId } });
}
