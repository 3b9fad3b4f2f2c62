import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { location, profileDetailsAnswer } from '@rv/contracts/api/account';
import { call, queryKey } from '@/lib/api-client';

export type Location = z.infer<typeof location>;
/** GET /api/user-profile/details: what the profile call does not carry (yet). */
export type ProfileDetails = z.infer<typeof profileDetailsAnswer>;

export const getProfileDetails = () => call('profileDetails');

export const profileDetailsQueryOptions = () => queryOptions({ queryKey: queryKey('profileDetails'), queryFn: getProfileDetails });

export const useProfileDetails = () => useQuery(profileDetailsQueryOptions());
