import { useRequireToolAccess } from '@/features/design-tools/api/require-tool-access';
import { CheckingAccess } from '@/features/design-tools/components/checking-access';
import { KitchenBathroomForm } from '@/features/design-tools/components/kitchen-bathroom-form';
import { StyleLensNotice } from '@/features/style-lens/components/style-lens-notice';

export function Component() {
  const { hasAccess } = useRequireToolAccess();
  return hasAccess ? (
    <KitchenBathroomForm styleLensNotice={(useLens, onChange) => <StyleLensNotice useLens={useLens} onChange={onChange} />} />
  ) : (
    <CheckingAccess />
  );
}
