import { lazy, Suspense } from 'react';
import { AccountLoadingScreen } from '@/features/account/components/account-status-screens';
import { useAfterFirstPaint } from '@/lib/use-after-first-paint';

// The loading screen (held about 5 seconds on the first visit) shows as soon as this small route
// module runs; the page and its sections start loading once it is on screen, behind it.
const FullAccountPage = lazy(async () => {
  const [{ AccountPage }, { YourDataSection }, { StyleLensSection }, { ShopDialog }] = await Promise.all([
    import('@/features/account/components/account-page'),
    import('@/features/privacy/components/your-data-section'),
    import('@/features/style-lens/components/style-lens-section'),
    import('@/features/shop/components/shop-dialog'),
  ]);
  return {
    default: () => (
      <AccountPage
        styleLensSection={<StyleLensSection />}
        privacySection={<YourDataSection />}
        shop={(items) => <ShopDialog items={items} />}
      />
    ),
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
