import { startTransition, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { call } from '@/lib/api-client';

let asking: ReturnType<typeof askToolAccess> | null = null;

function askToolAccess() {
  return call('checkToolAccess', undefined, { skipUnauthorizedRedirect: true });
}

/**
 * GET /api/check-tool-access, one request for everyone who asks while it is on its way. A page and the
 * site header above it ask as they are drawn, in the same moment: a tool page's access query (its
 * react-query entry, started from the answer the server rendered the page with and asked again at once,
 * ADR 026) and the header's useToolAccess below; a results page's owner view and the header. They share
 * one request and its answer (or failure). Anyone asking once it has been answered asks afresh.
 */
export function getToolAccess(): ReturnType<typeof askToolAccess> {
  asking ??= askToolAccess().finally(() => {
    asking = null;
  });
  return asking;
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
