import type { z } from 'zod';
import type { localCard, localPortalAnswer } from '@rv/contracts/api/billing';
import { call } from '@/lib/api-client';

export type CardDetails = z.infer<typeof localCard>;

export function createSubscription(email: string, name: string) {
  return call('createSubscription', { body: { email, name } });
}

export function createCheckoutSession(email: string, name: string) {
  return call('createCheckoutSession', { body: { email, name } });
}

/** The offline provider's card confirmation (the Stripe build confirms on Stripe's hosted page instead). */
export function confirmCard(clientSecret: string, card: CardDetails) {
  return call('localConfirm', { body: { clientSecret, card } });
}

export function verifyPayment(sessionId: string) {
  return call('verifyPayment', { body: { sessionId } });
}

export function createAccount(input: { email: string; password: string; stripeCustomerId: string; stripeSubscriptionId: string; name?: string }) {
  return call('createAccount', { body: input }, { skipUnauthorizedRedirect: true });
}

export type LocalPortal = z.infer<typeof localPortalAnswer>;

export const getLocalPortal = (id: string) => call('localPortal', { params: { id } });
export const changeLocalPortal = (id: string, action: 'cancel' | 'resume') =>
  call(action === 'cancel' ? 'localPortalCancel' : 'localPortalResume', { params: { id } });
export const getLocalCheckout = (id: string) => call('localCheckout', { params: { id } });
export const payLocalCheckout = (id: string, card: CardDetails) => call('localPay', { params: { id }, body: { card } });
