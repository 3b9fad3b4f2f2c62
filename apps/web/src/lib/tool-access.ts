import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { call } from '@/lib/api-client';

export function getToolAccess() {
  return call('checkToolAccess', undefined, { skipUnauthorizedRedirect: true });
}

/**
 * Whether the visitor has tool access (null while unknown). A plain hook, without the query client,
 * so the landing page's header can use it without loading the data layer. It is asked again on each
 * navigation, so signing in or out shows at once.
 */
export function useToolAccess(): boolean | null {
  const [hasAccess, setHasAccess] = useState<boolean | null>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    let alive = true;
    getToolAccess()
      .then((answer) => alive && setHasAccess(answer.hasAccess))
      .catch(() => alive && setHasAccess(false));
    return () => {
      alive = false;
    };
  }, [pathname]);
  return hasAccess;
}
