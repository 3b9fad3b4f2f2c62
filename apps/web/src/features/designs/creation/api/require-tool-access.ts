import { PRESS } from '@rv/contracts/press';
import { toolAccessAnswer } from '@rv/contracts/api/creation';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { queryKey } from '@/lib/api-client';
import { readPageData } from '@/lib/page-data';
import { queryClient } from '@/lib/query-client';
import { getToolAccess } from '@/lib/tool-access';

export const TOOL_ACCESS_NOTICE = 'Subscribe to use the design tools.';

const toolAccessKey = queryKey('checkToolAccess');

/**
 * A tool page the server rendered for a visitor it found with tool access (ADR 026) starts from that
 * answer, so that hydration finds the form; marked stale, it is asked again at once.
 */
export function startFromRenderedToolAccess() {
  // Only for the page the server rendered, before React has taken it over (not a later visit in the app).
  if (typeof document === 'undefined' || document.getElementById('root')?.hasAttribute(PRESS.hydrated)) return;
  // An answer that is not an access check is left out: the page asks for it instead.
  const rendered = toolAccessAnswer.safeParse(readPageData().toolAccess);
  if (rendered.success) queryClient.setQueryData(toolAccessKey, rendered.data, { updatedAt: 0 });
}

/**
 * Tool pages ask the server for access first. No access, or a failed check, sends the visitor to
 * the pricing card with a notice. `hasAccess` is true only once the server said so.
 */
export function useRequireToolAccess(): { hasAccess: boolean; checking: boolean } {
  const navigate = useNavigate();
  const check = useQuery({
    queryKey: toolAccessKey,
    queryFn: getToolAccess,
    // Asked afresh on every visit to a tool page, never answered from an old cache.
    staleTime: 0,
    gcTime: 0,
  });
  const denied = check.isError || check.data?.hasAccess === false;

  useEffect(() => {
    if (denied) void navigate(paths.pricing, { replace: true, state: { notice: TOOL_ACCESS_NOTICE } });
  }, [denied, navigate]);

  return { hasAccess: check.data?.hasAccess === true, checking: check.isPending };
}
