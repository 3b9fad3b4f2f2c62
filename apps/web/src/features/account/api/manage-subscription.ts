import type { z } from 'zod';
import type { portalSessionAnswer } from '@rv/contracts/api/account';
import { request } from '@/lib/api-client';

/** POST /api/create-portal-session {customerId, returnUrl}: the provider's billing portal url, or a message. */
export const createPortalSession = (customerId: string, returnUrl: string) =>
  request<z.infer<typeof portalSessionAnswer>>('/api/create-portal-session', { method: 'POST', json: { customerId, returnUrl } });
