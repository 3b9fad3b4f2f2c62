import type { Services } from '../../services';

/** Ends the session in the cookie, if any; the answer's cookies clear it in the browser. */
export async function signOut(services: Services, headers: Headers): Promise<{ headers: Headers }> {
  return services.auth.api.signOut({ headers, returnHeaders: true }).catch(() => ({ headers: new Headers() }));
}
