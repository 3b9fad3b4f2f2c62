import { call } from '@/lib/api-client';

/** POST /api/logout */
export const logout = () => call('logout', { body: {} });
