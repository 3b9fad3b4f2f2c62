import { call } from '@/lib/api-client';

/** POST /api/user-profile/confirm-email: the token from the link mailed to the new address. */
export const confirmEmailChange = (token: string) => call('confirmEmail', { body: { token } }, { skipUnauthorizedRedirect: true });

/** POST /api/user-profile/confirm-email/preview: which account the link would move, changing nothing. */
export const previewEmailChange = (token: string) => call('confirmEmailPreview', { body: { token } }, { skipUnauthorizedRedirect: true });
