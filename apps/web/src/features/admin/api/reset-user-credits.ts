import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export function resetUserCredits(email: string) {
  return call('resetUserCredits', { body: { email } });
}

/** Resets a user's used credits to 0, then reloads the users list (without waiting for it). */
export function useResetUserCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetUserCredits,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}
