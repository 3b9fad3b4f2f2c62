import { ACCOUNT_DELETE_PATH, type DeleteAccountAnswer, type DeleteAccountBody } from '@rv/contracts/api/privacy';
import { request } from '@/lib/api-client';

/** POST /api/account/delete with the account's e-mail typed again. */
export const deleteAccount = (body: DeleteAccountBody) =>
  request<DeleteAccountAnswer>(ACCOUNT_DELETE_PATH, { method: 'POST', json: body, timeoutMs: 120_000 });
