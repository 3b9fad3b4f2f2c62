import type { StyleLensNoticeSlot } from '../style-lens-notice-slot';
import type { ToolFormSpec } from '../tool-forms';
import { useRequireToolAccess } from '../api/require-tool-access';
import { CheckingAccess } from './checking-access';
import { ToolForm } from './tool-form';

/** A design tool's page: its form once the server said the visitor may use it (at once when it rendered the page). */
export function ToolPage({ form, styleLensNotice }: { form: ToolFormSpec; styleLensNotice?: StyleLensNoticeSlot }) {
  const { hasAccess } = useRequireToolAccess();
  return hasAccess ? <ToolForm form={form} styleLensNotice={styleLensNotice} /> : <CheckingAccess />;
}
