import { AccountPage } from '@/features/account/components/account-page';
import { YourDataSection } from '@/features/privacy/components/your-data-section';
import { StyleLensSection } from '@/features/style-lens/components/style-lens-section';

export function Component() {
  return <AccountPage styleLensSection={<StyleLensSection />} privacySection={<YourDataSection />} />;
}
