import { call } from '@/lib/api-client';

/** Mails a sign-in link to the account's own address: opening it confirms the address. */
export function sendConfirmationLink(email: string) {
  return call('requestSignin', { body: { email } });
}
