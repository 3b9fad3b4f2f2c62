import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserProfile } from '@rv/contracts/api/account';
import { request } from '@/lib/api-client';
import type { Location, ProfileDetails } from './get-user-profile';

export interface ProfileUpdate {
  name: string;
  email: string;
  location?: Location | null;
  avatar?: File | null;
}

export interface ProfileUpdateAnswer extends ProfileDetails {
  message: string;
  profile: UserProfile;
}

/** PUT /api/user-profile/update (multipart: name, email, location as JSON, optional avatar file). */
export function updateUserProfile(update: ProfileUpdate) {
  const form = new FormData();
  form.set('name', update.name);
  form.set('email', update.email);
  if (update.location) form.set('location', JSON.stringify(update.location));
  if (update.avatar) form.set('avatar', update.avatar);
  return request<ProfileUpdateAnswer>('/api/user-profile/update', { method: 'PUT', body: form });
}

export function useUpdateUserProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserProfile,
    onSuccess: (answer) => {
      queryClient.setQueryData(['user-profile'], answer.profile);
      queryClient.setQueryData<ProfileDetails>(['user-profile', 'details'], {
        location: answer.location,
        pendingEmail: answer.pendingEmail,
      });
    },
  });
}
