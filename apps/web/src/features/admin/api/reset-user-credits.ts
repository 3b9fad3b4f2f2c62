import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

export function resetUserCredits(email: string) {
  return request<{ user: { email: string; creditsRemaining: number } }>('/api/admin/reset-user-credits', {
    method: 'POST',
    json: { email },
  });
}

/** Resets a user's used credits to 0, then reloads the users list (without waiting for it). */
export function useResetUserCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetUserCredits,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}
