import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AccountLoadingScreen } from '@/features/account/components/account-status-screens';
import { profileDetailsQueryOptions } from '@/features/account/api/get-user-profile';
import { EmailChangeConfirmation } from '@/features/account/components/email-change-confirmation';
import { designsQueryOptions } from '@/features/designs/listing/api/get-designs';
import { queryKey } from '@/lib/api-client';
import { USER_PROFILE_KEY, userProfileQueryOptions } from '@/lib/user-profile';
import { useAfterFirstPaint } from '@/lib/use-after-first-paint';
import { importer, useImported } from '@/lib/use-imported';
import { yieldToBrowser } from '@/lib/yield-to-browser';

/**
 * The page's code and its sections', asked once: one module per task, as asking for one also asks for the
 * scripts it imports (a `modulepreload` each, a moment's work apiece), and the five at once made a long task.
 * Each module is marked as handled when asked, so one that fails while the others are still asked is not
 * reported as unhandled: the failure is the page's to show, once all five are awaited.
 */
async function loadAccountPageCode() {
  const asked = <T,>(module: Promise<T>) => {
    module.catch(() => undefined);
    return module;
  };
  const accountPage = asked(import('@/features/account/components/account-page'));
  await yieldToBrowser();
  const myDesigns = asked(import('@/features/designs/listing/components/my-designs-section'));
  await yieldToBrowser();
  const yourData = asked(import('@/features/privacy/components/your-data-section'));
  await yieldToBrowser();
  const styleLens = asked(import('@/features/style-lens/components/style-lens-section'));
  await yieldToBrowser();
  const shop = asked(import('@/features/shop/components/shop-dialog'));
  await yieldToBrowser();
  const homes = asked(import('@/features/designs/homes/components/homes-section'));
  return Promise.all([accountPage, myDesigns, yourData, styleLens, shop, homes]);
}
type AccountPageCode = Awaited<ReturnType<typeof loadAccountPageCode>>;
const accountPageCode = importer(loadAccountPageCode);

/** The account page with its sections, drawn from its code once that is in. */
function AccountWithSections({ code }: { code: AccountPageCode }) {
  const [{ AccountPage }, { MyDesignsSection, useMyDesigns }, { YourDataSection }, { StyleLensSection }, { ShopDialog }, { HomesSection }] =
    code;
  const designs = useMyDesigns();
  return (
    <AccountPage
      styleLensSection={<StyleLensSection />}
      privacySection={<YourDataSection />}
      myDesigns={
        <>
          <HomesSection />
          <MyDesignsSection designs={designs} shop={(items) => <ShopDialog items={items} />} />
        </>
      }
      designsState={designs}
    />
  );
}

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
 * The loading screen gives way to the page in a transition once both have come (a visit that finds them in
 * already draws the page at once): React then draws the whole page in short tasks, where the last
 * answer's arrival drew it in one long one (on a phone, ~100 ms). The code comes by `useImported`, not
 * React's `lazy`: a second loading screen, a Suspense boundary's fallback, held the ready account back
 * for up to 300 ms.
 */
function useAccountReady(enabled: boolean, loadingScreenShown: boolean): AccountPageCode | null {
  const queryClient = useQueryClient();
  const [dataCame, setDataCame] = useState(() => accountDataIn(queryClient));
  useEffect(() => {
    if (!enabled) return;
    let mounted = true;
    void prefetchAccountData(queryClient).then(() => mounted && startTransition(() => setDataCame(true)));
    return () => {
      mounted = false;
    };
  }, [enabled, queryClient]);
  const code = useImported(accountPageCode, enabled && loadingScreenShown);
  return dataCame ? code : null;
}

export function Component() {
  const loadingScreenShown = useAfterFirstPaint();
  const emailChange = useEmailChangeLink();
  const code = useAccountReady(!emailChange.token, loadingScreenShown);
  if (emailChange.token) return <EmailChangeConfirmation token={emailChange.token} onDone={emailChange.done} />;
  if (!loadingScreenShown || !code) return <AccountLoadingScreen />;
  return <AccountWithSections code={code} />;
}
