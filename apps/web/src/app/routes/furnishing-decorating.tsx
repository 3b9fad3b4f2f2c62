import { useRequireToolAccess } from '@/features/designs/creation/api/require-tool-access';
import { CheckingAccess } from '@/features/designs/creation/components/checking-access';
import { FurnishingForm } from '@/features/designs/creation/components/furnishing-form';
import { StyleLensNotice } from '@/features/style-lens/components/style-lens-notice';

export function Component() {
  const { hasAccess } = useRequireToolAccess();
  return hasAccess ? (
    <FurnishingForm styleLensNotice={(useLens, onChange) => <StyleLensNotice useLens={useLens} onChange={onChange} />} />
  ) : (
    <CheckingAccess />
  );
}
