import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { getToolAccess } from '@/lib/tool-access';

export const TOOL_ACCESS_NOTICE = 'Subscribe to use the design tools.';

/**
 * Tool pages ask the server for access first. No access, or a failed check, sends the visitor to
 * the pricing card with a notice. `hasAccess` is true only once the server said so.
 */
export function useRequireToolAccess(): { hasAccess: boolean; checking: boolean } {
  const navigate = useNavigate();
  const check = useQuery({
    queryKey: ['check-tool-access'],
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
