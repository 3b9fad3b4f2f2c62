import { useSearchParams } from 'react-router';
import { startFromRenderedToolAccess, useRequireToolAccess } from '@/features/designs/creation/api/require-tool-access';
import { CheckingAccess } from '@/features/designs/creation/components/checking-access';
import { StyleLensPage } from '@/features/style-lens/components/style-lens-page';

// Rendered by the server for a visitor with tool access: the page hydrates from that answer (ADR 026).
startFromRenderedToolAccess();

/** /style-lens, and /style-lens?edit=true to re-run the current lens. StyleLens is part of the subscription. */
export function Component() {
  const { hasAccess } = useRequireToolAccess();
  const [params] = useSearchParams();
  const editing = params.get('edit') === 'true';
  return hasAccess ? <StyleLensPage key={String(editing)} editing={editing} /> : <CheckingAccess />;
}
