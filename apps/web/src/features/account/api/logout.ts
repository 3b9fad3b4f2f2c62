import { request } from '@/lib/api-client';

/** POST /api/logout */
export const logout = () => request<{ message: string }>('/api/logout', { method: 'POST', json: {} });
