import { useQuery } from '@tanstack/react-query';
import { engineStatusAnswer } from '@rv/contracts/api/admin-engines';
import { request } from '@/lib/api-client';

/** GET /api/admin/engines, checked against its contract (the admin dashboard's engines and costs). */
export async function getEngineStatus(signal?: AbortSignal) {
  return engineStatusAnswer.parse(await request('/api/admin/engines', { signal }));
}

export function useEngineStatus() {
  return useQuery({ queryKey: ['admin', 'engines'], queryFn: ({ signal }) => getEngineStatus(signal), staleTime: 0 });
}
