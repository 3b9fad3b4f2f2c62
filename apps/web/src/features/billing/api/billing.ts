import type { z } from 'zod';
import type { createSubscriptionAnswer, loginAnswer, verifyPaymentAnswer } from '@rv/contracts/api/billing';
import { request } from '@/lib/api-client';

export interface CardDetails {
  number: string;
  expiry: string;
  cvc: string;
}

export function createSubscription(email: string, name: string) {
  return request<z.infer<typeof createSubscriptionAnswer>>('/api/create-subscription', { method: 'POST', json: { email, name } });
}

export function createCheckoutSession(email: string, name: string) {
  return request<{ url: string }>('/api/create-checkout-session', { method: 'POST', json: { email, name } });
}

/** The offline provider's card confirmation (the Stripe build confirms on Stripe's hosted page instead). */
export function confirmCard(clientSecret: string, card: CardDetails) {
  return request<{ status: 'succeeded' }>('/api/local-payments/confirm', { method: 'POST', json: { clientSecret, card } });
}

export function verifyPayment(sessionId: string) {
  return request<z.infer<typeof verifyPaymentAnswer>>('/api/verify-payment', { method: 'POST', json: { sessionId } });
}

export function createAccount(input: { email: string; password: string; stripeCustomerId: string; stripeSubscriptionId: string }) {
  return request<z.infer<typeof loginAnswer>>('/api/create-account', { method: 'POST', json: input, skipUnauthorizedRedirect: true });
}

export interface LocalPortal {
  status: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  returnUrl: string;
  email: string;
}

export const getLocalPortal = (id: string) => request<LocalPortal>(`/api/local-payments/portal/${encodeURIComponent(id)}`);
export const changeLocalPortal = (id: string, action: 'cancel' | 'resume') =>
  request<LocalPortal>(`/api/local-payments/portal/${encodeURIComponent(id)}/${action}`, { method: 'POST', json: {} });
export const getLocalCheckout = (id: string) =>
  request<{ email: string; status: string; cancelUrl: string }>(`/api/local-payments/checkout/${encodeURIComponent(id)}`);
export const payLocalCheckout = (id: string, card: CardDetails) =>
  request<{ redirectUrl: string }>(`/api/local-payments/checkout/${encodeURIComponent(id)}/pay`, { method: 'POST', json: { card } });
