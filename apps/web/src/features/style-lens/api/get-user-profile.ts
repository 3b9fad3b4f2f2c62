import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserProfile } from '@rv/contracts/api/account';
import { request } from '@/lib/api-client';

/** The profile carries the StyleLens (styleLens, styleSaveStatus). Same key as the account page, so they share one fetch. */
export const USER_PROFILE_KEY = ['user-profile'] as const;

export function getUserProfile() {
  return request<UserProfile>('/api/user-profile');
}

export function userProfileQueryOptions() {
  return queryOptions({ queryKey: USER_PROFILE_KEY, queryFn: getUserProfile });
}

export function useUserProfile() {
  return useQuery(userProfileQueryOptions());
}
