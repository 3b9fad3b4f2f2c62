import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, queryKey } from '@/lib/api-client';
import type { Location, ProfileDetails } from './get-user-profile';

export interface ProfileUpdate {
  name: string;
  email: string;
  location?: Location | null;
  avatar?: File | null;
}

/** PUT /api/user-profile/update (multipart: name, email, location as JSON, optional avatar file). */
export function updateUserProfile(update: ProfileUpdate) {
  const form = new FormData();
  form.set('name', update.name);
  form.set('email', update.email);
  if (update.location) form.set('location', JSON.stringify(update.location));
  if (update.avatar) form.set('avatar', update.avatar);
  return call('updateProfile', { form });
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
