import { useRequireToolAccess } from '@/features/design-tools/api/require-tool-access';
import { CheckingAccess } from '@/features/design-tools/components/checking-access';
import { FurnishingForm } from '@/features/design-tools/components/furnishing-form';

export function Component() {
  const { hasAccess } = useRequireToolAccess();
  return hasAccess ? <FurnishingForm /> : <CheckingAccess />;
}
