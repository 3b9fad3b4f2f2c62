import { useRequireToolAccess } from '@/features/designs/creation/api/require-tool-access';
import { CheckingAccess } from '@/features/designs/creation/components/checking-access';
import { KitchenBathroomForm } from '@/features/designs/creation/components/kitchen-bathroom-form';
import { StyleLensNotice } from '@/features/style-lens/components/style-lens-notice';

export function Component() {
  const { hasAccess } = useRequireToolAccess();
  return hasAccess ? (
    <KitchenBathroomForm styleLensNotice={(useLens, onChange) => <StyleLensNotice useLens={useLens} onChange={onChange} />} />
  ) : (
    <CheckingAccess />
  );
}
