import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { location, UserProfile } from '@rv/contracts/api/account';
import { request } from '@/lib/api-client';

export type Location = z.infer<typeof location>;
/** GET /api/user-profile/details: what the profile call does not carry (yet). */
export interface ProfileDetails {
  location: Location | null;
  pendingEmail: string | null;
}

export const getUserProfile = () => request<UserProfile>('/api/user-profile');
export const getProfileDetails = () => request<ProfileDetails>('/api/user-profile/details');

export const userProfileQueryOptions = () => queryOptions({ queryKey: ['user-profile'], queryFn: getUserProfile });
export const profileDetailsQueryOptions = () => queryOptions({ queryKey: ['user-profile', 'details'], queryFn: getProfileDetails });

export const useUserProfile = () => useQuery(userProfileQueryOptions());
export const useProfileDetails = () => useQuery(profileDetailsQueryOptions());
