import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

/** GET /api/me: whether the signed-in user is an admin (a 401 sends them to /login). */
export function getMe() {
  return request<{ isAdmin: boolean }>('/api/me');
}

export function useAdminAccess() {
  // Asked afresh on each visit: a role granted or revoked shows at once.
  return useQuery({ queryKey: ['me'], queryFn: getMe, staleTime: 0 });
}
