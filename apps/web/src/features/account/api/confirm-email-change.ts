import { request } from '@/lib/api-client';

/** POST /api/user-profile/confirm-email: the token from the link mailed to the new address. */
export const confirmEmailChange = (token: string) =>
  request<{ message: string; email: string }>('/api/user-profile/confirm-email', {
    method: 'POST',
    json: { token },
    skipUnauthorizedRedirect: true,
  });
