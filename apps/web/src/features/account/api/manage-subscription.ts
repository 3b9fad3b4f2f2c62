import { call } from '@/lib/api-client';

/** POST /api/create-portal-session {customerId, returnUrl}: the provider's billing portal url, or a message. */
export const createPortalSession = (customerId: string, returnUrl: string) =>
  call('createPortalSession', { body: { customerId, returnUrl } });
