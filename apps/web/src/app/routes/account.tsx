import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AccountLoadingScreen } from '@/features/account/components/account-status-screens';
import { profileDetailsQueryOptions } from '@/features/account/api/get-user-profile';
import { EmailChangeConfirmation } from '@/features/account/components/email-change-confirmation';
import { designsQueryOptions } from '@/features/designs/listing/api/get-designs';
import { queryKey } from '@/lib/api-client';
import { USER_PROFILE_KEY, userProfileQueryOptions } from '@/lib/user-profile';
import { useAfterFirstPaint } from '@/lib/use-after-first-paint';
import { yieldToBrowser } from '@/lib/yield-to-browser';

/**
 * The page's code and its sections', asked once: one module per task, as asking for one also asks for the
 * scripts it imports (a `modulepreload` each, a moment's work apiece), and the five at once made a long task.
 */
let accountPageCode: ReturnType<typeof loadAccountPageCode> | undefined;
async function loadAccountPageCode() {
  const accountPage = import('@/features/account/components/account-page');
  await yieldToBrowser();
  const myDesigns = import('@/features/designs/listing/components/my-designs-section');
  await yieldToBrowser();
  const yourData = import('@/features/privacy/components/your-data-section');
  await yieldToBrowser();
  const styleLens = import('@/features/style-lens/components/style-lens-section');
  await yieldToBrowser();
  const shop = import('@/features/shop/components/shop-dialog');
  return Promise.all([accountPage, myDesigns, yourData, styleLens, shop]);
}
const accountPageCodeAsked = () => (accountPageCode ??= loadAccountPageCode());

const FullAccountPage = lazy(async () => {
  const [{ AccountPage }, { MyDesignsSection, useMyDesigns }, { YourDataSection }, { StyleLensSection }, { ShopDialog }] =
    await accountPageCodeAsked();
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

/** The account's calls. */
const accountQueries = () =>
  [userProfileQueryOptions(), profileDetailsQueryOptions(), designsQueryOptions(1, 'saved'), designsQueryOptions(1, 'all')] as const;

/** Asks the account's calls (the promise never fails: a failure stays in the cache, for the page to show). */
function prefetchAccountData(queryClient: QueryClient): Promise<unknown> {
  const [profile, details, saved, all] = accountQueries();
  return Promise.all([
    queryClient.prefetchQuery(profile),
    queryClient.prefetchQuery(details),
    queryClient.prefetchQuery(saved),
    queryClient.prefetchQuery(all),
  ]);
}

/** Whether every one of the account's calls has answered, in this query client's cache (a failure too). */
const accountDataIn = (queryClient: QueryClient) =>
  accountQueries().every((query) => ['success', 'error'].includes(queryClient.getQueryState(query.queryKey)?.status ?? 'pending'));

/**
 * The account's data is asked for the moment this route runs, and the page's code once the loading screen
 * is on screen; the page then finds both in, instead of asking for its data only once its code has arrived.
 * The loading screen gives way to the page in a transition once the data has come (a visit that finds it in
 * the cache draws the page at once): React then draws the whole page in short tasks, where the last
 * answer's arrival drew it in one long one (on a phone, ~100 ms).
 */
function useAccountDataCame(enabled: boolean, loadingScreenShown: boolean): boolean {
  const queryClient = useQueryClient();
  const [came, setCame] = useState(() => accountDataIn(queryClient));
  useEffect(() => {
    if (!enabled) return;
    let mounted = true;
    void prefetchAccountData(queryClient).then(() => mounted && startTransition(() => setCame(true)));
    return () => {
      mounted = false;
    };
  }, [enabled, queryClient]);
  useEffect(() => {
    if (enabled && loadingScreenShown) void accountPageCodeAsked();
  }, [enabled, loadingScreenShown]);
  return came;
}

export function Component() {
  const loadingScreenShown = useAfterFirstPaint();
  const emailChange = useEmailChangeLink();
  const dataCame = useAccountDataCame(!emailChange.token, loadingScreenShown);
  if (emailChange.token) return <EmailChangeConfirmation token={emailChange.token} onDone={emailChange.done} />;
  if (!loadingScreenShown || !dataCame) return <AccountLoadingScreen />;
  return (
    <Suspense fallback={<AccountLoadingScreen />}>
      <FullAccountPage />
    </Suspense>
  );
}
