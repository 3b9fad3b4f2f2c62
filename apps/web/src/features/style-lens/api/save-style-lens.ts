import type { UserProfile } from '@rv/contracts/api/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { USER_PROFILE_KEY } from '@/lib/user-profile';

/** POST /api/stylelens/save (no body): the active lens is saved and steers every design from now on. */
export function saveStyleLens() {
  return call('styleLensSave');
}

export function useSaveStyleLens() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStyleLens,
    onSuccess: () => {
      queryClient.setQueryData<UserProfile>(USER_PROFILE_KEY, (profile) => profile && { ...profile, styleSaveStatus: true });
      return queryClient.invalidateQueries({ queryKey: USER_PROFILE_KEY, exact: true });
    },
  });
}
