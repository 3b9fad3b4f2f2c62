import { lazy, Suspense } from 'react';
import { AccountLoadingScreen } from '@/features/account/components/account-status-screens';
import { useAfterFirstPaint } from '@/lib/use-after-first-paint';

// The loading screen shows as soon as this small route
// module runs; the page and its sections start loading once it is on screen, behind it.
const FullAccountPage = lazy(async () => {
  const [{ AccountPage }, { MyDesignsSection, useMyDesigns }, { YourDataSection }, { StyleLensSection }, { ShopDialog }] = await Promise.all([
    import('@/features/account/components/account-page'),
    import('@/features/designs/listing/components/my-designs-section'),
    import('@/features/privacy/components/your-data-section'),
    import('@/features/style-lens/components/style-lens-section'),
    import('@/features/shop/components/shop-dialog'),
  ]);
  return {
    default: function AccountWithSections() {
      const designs = useMyDesigns();
      return (
        <AccountPage
          styleLensSection={<StyleLensSection />}
          privacySection={<YourDataSection />}
          myDesigns={<MyDesignsSection designs={designs} shop={(items) => <ShopDialog items={items} />} />}
          designsState={designs}
        />
      );
    },
  };
});

export function Component() {
  const loadingScreenShown = useAfterFirstPaint();
  if (!loadingScreenShown) return <AccountLoadingScreen />;
  return (
    <Suspense fallback={<AccountLoadingScreen />}>
      <FullAccountPage />
    </Suspense>
  );
}
