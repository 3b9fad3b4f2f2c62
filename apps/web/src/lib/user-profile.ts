import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKey } from '@/lib/api-client';

/** The one profile fetch (the account page and StyleLens share its cache entry). */
export const USER_PROFILE_KEY = queryKey('userProfile');

export const getUserProfile = () => call('userProfile');

export const userProfileQueryOptions = () => queryOptions({ queryKey: USER_PROFILE_KEY, queryFn: getUserProfile });

export const useUserProfile = () => useQuery(userProfileQueryOptions());
