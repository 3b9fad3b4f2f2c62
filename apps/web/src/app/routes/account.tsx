import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { AccountLoadingScreen } from '@/features/account/components/account-status-screens';
import { profileDetailsQueryOptions } from '@/features/account/api/get-user-profile';
import { EmailChangeConfirmation } from '@/features/account/components/email-change-confirmation';
import { designsQueryOptions } from '@/features/designs/listing/api/get-designs';
import { queryKey } from '@/lib/api-client';
import { USER_PROFILE_KEY, userProfileQueryOptions } from '@/lib/user-profile';
import { useAfterFirstPaint } from '@/lib/use-after-first-paint';

// The loading screen shows as soon as this small route
// module runs; the page and its sections start loading once it is on screen, behind it.
const FullAccountPage = lazy(async () => {
  const [{ AccountPage }, { MyDesignsSection, useMyDesigns }, { YourDataSection }, { StyleLensSection }, { ShopDialog }] =
    await Promise.all([
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

/**
 * The link mailed to a new e-mail address opens /account?confirm_email=...: instead of the account
 * (whose calls would send a signed-out presser to the log-in page), the page that shows which account
 * the address joins and waits for a press (ADR 032). Once pressed, this browser is signed in with it.
 */
function useEmailChangeLink() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const token = params.get('confirm_email');
  const done = () => {
    setParams(
      (current) => {
        current.delete('confirm_email');
        return current;
      },
      { replace: true },
    );
    void queryClient.invalidateQueries({ queryKey: USER_PROFILE_KEY });
    void queryClient.invalidateQueries({ queryKey: queryKey('profileDetails') });
  };
  return { token, done };
}

/**
 * The account's data is asked for the moment this route runs, while the page's code loads behind the
 * loading screen: the page then finds it in the cache instead of asking only once its code has arrived.
 */
function usePrefetchedAccountData(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    void queryClient.prefetchQuery(userProfileQueryOptions());
    void queryClient.prefetchQuery(profileDetailsQueryOptions());
    void queryClient.prefetchQuery(designsQueryOptions(1, 'saved'));
    void queryClient.prefetchQuery(designsQueryOptions(1, 'all'));
  }, [enabled, queryClient]);
}

export function Component() {
  const loadingScreenShown = useAfterFirstPaint();
  const emailChange = useEmailChangeLink();
  usePrefetchedAccountData(!emailChange.token);
  if (emailChange.token) return <EmailChangeConfirmation token={emailChange.token} onDone={emailChange.done} />;
  if (!loadingScreenShown) return <AccountLoadingScreen />;
  return (
    <Suspense fallback={<AccountLoadingScreen />}>
      <FullAccountPage />
    </Suspense>
  );
}
