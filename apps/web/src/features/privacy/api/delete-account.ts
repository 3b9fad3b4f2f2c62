import type { DeleteAccountBody } from '@rv/contracts/api/privacy';
import { call } from '@/lib/api-client';

/** POST /api/account/delete with the account's e-mail typed again. */
export const deleteAccount = (body: DeleteAccountBody) => call('accountDelete', { body }, { timeoutMs: 120_000 });
