import { lazy, Suspense } from 'react';
import { AccountLoadingScreen } from '@/features/account/components/account-status-screens';

// The loading screen (held about 5 seconds on the first visit) shows as soon as this small route
// module runs; the page and its sections load behind it instead of before it.
const FullAccountPage = lazy(async () => {
  const [{ AccountPage }, { YourDataSection }, { StyleLensSection }] = await Promise.all([
    import('@/features/account/components/account-page'),
    import('@/features/privacy/components/your-data-section'),
    import('@/features/style-lens/components/style-lens-section'),
  ]);
  return { default: () => <AccountPage styleLensSection={<StyleLensSection />} privacySection={<YourDataSection />} /> };
});

export function Component() {
  return (
    <Suspense fallback={<AccountLoadingScreen />}>
      <FullAccountPage />
    </Suspense>
  );
}
