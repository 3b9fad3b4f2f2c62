import { useQuery } from '@tanstack/react-query';
import { call, queryKey } from '@/lib/api-client';

/** GET /api/admin/engines: the admin dashboard's engines and costs. */
export function getEngineStatus(signal?: AbortSignal) {
  return call('adminEngines', undefined, { signal });
}

export function useEngineStatus() {
  return useQuery({ queryKey: queryKey('adminEngines'), queryFn: ({ signal }) => getEngineStatus(signal), staleTime: 0 });
}
