import type { z } from 'zod';
import type { checkUserAnswer, loginAnswer } from '@rv/contracts/api/billing';
import { request } from '@/lib/api-client';

type LoginAnswer = z.infer<typeof loginAnswer>;

export function checkUser(email: string) {
  return request<z.infer<typeof checkUserAnswer>>('/api/check-user', { method: 'POST', json: { email }, skipUnauthorizedRedirect: true });
}

export function requestSignin(email: string) {
  return request<{ message: string }>('/api/request-signin', { method: 'POST', json: { email } });
}

/** Completes a magic-link sign-in with the token from the e-mailed link. */
export function loginWithToken(email: string, token: string) {
  return request<LoginAnswer>('/api/login', { method: 'POST', json: { email, token }, skipUnauthorizedRedirect: true });
}

export function loginWithPassword(email: string, password: string) {
  return request<LoginAnswer>('/api/login/password', { method: 'POST', json: { email, password }, skipUnauthorizedRedirect: true });
}

/** Starts Google's OAuth code flow (state and PKCE are kept by the server); answers the URL to go to. */
export function startGoogleSignIn() {
  return request<{ url: string }>('/api/auth/sign-in/social', {
    method: 'POST',
    json: { provider: 'google', callbackURL: '/process-login?via=google', errorCallbackURL: '/login' },
    skipUnauthorizedRedirect: true,
  });
}

export function logout() {
  return request<{ message: string }>('/api/logout', { method: 'POST', json: {} });
}
