import { startTransition, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { call } from '@/lib/api-client';

export function getToolAccess() {
  return call('checkToolAccess', undefined, { skipUnauthorizedRedirect: true });
}

/**
 * Whether the visitor has tool access (null while unknown). A plain hook, without the query client,
 * so the landing page's header can use it without loading the data layer. It is asked again on each
 * navigation, so signing in or out shows at once. Not asked while `enabled` is false (a visitor's page
 * that offers no tool).
 */
export function useToolAccess(enabled = true): boolean | null {
  const [hasAccess, setHasAccess] = useState<boolean | null>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    // The answer may redraw a whole page (a results page shows its owner's paid tools): as a transition,
    // so that work yields to the browser instead of one long task just after the page has hydrated.
    const answered = (hasAccess: boolean) => alive && startTransition(() => setHasAccess(hasAccess));
    getToolAccess()
      .then((answer) => answered(answer.hasAccess))
      .catch(() => answered(false));
    return () => {
      alive = false;
    };
  }, [pathname, enabled]);
  return hasAccess;
}
