import { call } from '@/lib/api-client';

/** POST /api/user-profile/confirm-email: the token from the link mailed to the new address. */
export const confirmEmailChange = (token: string) => call('confirmEmail', { body: { token } }, { skipUnauthorizedRedirect: true });
