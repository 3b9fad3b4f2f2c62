import { call } from '@/lib/api-client';

export function checkUser(email: string) {
  return call('checkUser', { body: { email } }, { skipUnauthorizedRedirect: true });
}

export function requestSignin(email: string) {
  return call('requestSignin', { body: { email } });
}

/** Completes a magic-link sign-in with the token from the e-mailed link. */
export function loginWithToken(email: string, token: string) {
  return call('login', { body: { email, token } }, { skipUnauthorizedRedirect: true });
}

export function loginWithPassword(email: string, password: string) {
  return call('passwordLogin', { body: { email, password } }, { skipUnauthorizedRedirect: true });
}

/** Starts Google's OAuth code flow (state and PKCE are kept by the server); answers the URL to go to. */
export function startGoogleSignIn() {
  return call(
    'socialSignIn',
    { body: { provider: 'google', callbackURL: '/process-login?via=google', errorCallbackURL: '/login' } },
    { skipUnauthorizedRedirect: true },
  );
}

export function logout() {
  return call('logout', { body: {} });
}
