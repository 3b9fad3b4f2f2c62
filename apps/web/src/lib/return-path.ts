import { parseJsonObject } from './first-script-json';

/**
 * Where a person was when their session ended (a call answered 401 and sent them to sign in): kept in
 * the tab's sessionStorage, and taken once by the sign-in that follows, so that they come back to the
 * page they were on rather than to the default landing. Only a path of this site is kept or taken.
 */
const KEY = 'rv:return-to';
/** A return kept longer than this is forgotten: a later, unrelated sign-in lands as usual. */
const KEPT_MS = 30 * 60_000;

const isOwnPath = (path: string) =>
  path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') && !/^\/(login|process-login)\b/.test(path);

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Remembers the page shown now (its path, query and anchor) as the one to come back to. */
export function rememberReturnPath(path = `${window.location.pathname}${window.location.search}${window.location.hash}`): void {
  if (isOwnPath(path)) storage()?.setItem(KEY, JSON.stringify({ path, at: Date.now() }));
}

/** The page to come back to after signing in, once (it is forgotten as it is taken); null when none. */
export function takeReturnPath(): string | null {
  const store = storage();
  const kept = store?.getItem(KEY);
  store?.removeItem(KEY);
  if (!kept) return null;
  // What was kept: the page and when it was remembered (checked by hand: this is on every page's first scripts, ADR 038).
  const { path, at } = parseJsonObject(kept) ?? {};
  if (typeof path !== 'string' || typeof at !== 'number') return null;
  const fresh = Date.now() - at >= 0 && Date.now() - at < KEPT_MS;
  return fresh && isOwnPath(path) ? path : null;
}
