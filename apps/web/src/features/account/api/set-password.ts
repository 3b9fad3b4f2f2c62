import type { AccountPasswordBody, UserProfile } from '@rv/contracts/api/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { USER_PROFILE_KEY } from '@/lib/user-profile';

/** POST /api/account/password: sets a password, or changes it with the current one (every other session ends). */
export const setAccountPassword = (body: AccountPasswordBody) => call('accountPassword', { body });

export function useSetAccountPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAccountPassword,
    onSuccess: (answer) => {
      queryClient.setQueryData<UserProfile>(USER_PROFILE_KEY, (profile) => profile && { ...profile, hasPassword: answer.hasPassword, passwordRemoved: false });
    },
  });
}
