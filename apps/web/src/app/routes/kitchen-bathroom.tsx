import { startFromRenderedToolAccess } from '@/features/designs/creation/api/require-tool-access';
import { ToolPage } from '@/features/designs/creation/components/tool-page';
import { kitchenBathroomForm } from '@/features/designs/creation/tool-forms';
import { StyleLensNotice } from '@/features/style-lens/components/style-lens-notice';

// Rendered by the server for a visitor with tool access: the form hydrates from that answer (ADR 026).
startFromRenderedToolAccess();

export function Component() {
  return (
    <ToolPage
      form={kitchenBathroomForm}
      styleLensNotice={(useLens, onChange) => <StyleLensNotice useLens={useLens} onChange={onChange} />}
    />
  );
}
