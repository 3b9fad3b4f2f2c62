import { useQuery } from '@tanstack/react-query';
import { call, queryKey } from '@/lib/api-client';

/** GET /api/me: whether the signed-in user is an admin (a 401 sends them to /login). */
export function getMe() {
  return call('me');
}

export function useAdminAccess() {
  // Asked afresh on each visit: a role granted or revoked shows at once.
  return useQuery({ queryKey: queryKey('me'), queryFn: getMe, staleTime: 0 });
}
