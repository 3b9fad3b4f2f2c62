import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, queryKey } from '@/lib/api-client';
import type { Location, ProfileDetails } from './get-user-profile';

export interface ProfileUpdate {
  name: string;
  email: string;
  location?: Location | null;
  avatar?: File | null;
}

/** PUT /api/user-profile/update: name, e-mail, location and an optional avatar (declared in the catalogue). */
export function updateUserProfile(update: ProfileUpdate) {
  return call('updateProfile', {
    form: { name: update.name, email: update.email, location: update.location ?? undefined, avatar: update.avatar },
  });
}

export function useUpdateUserProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserProfile,
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKey('userProfile'), answer.profile);
      queryClient.setQueryData<ProfileDetails>(queryKey('profileDetails'), {
        location: answer.location,
        pendingEmail: answer.pendingEmail,
      });
    },
  });
}
