import { RESULTS_PAGE_PATTERNS } from '@rv/contracts/pages';
import { matchPath, Outlet, useLocation } from 'react-router';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { ReportBugButton } from '@/features/bug-report/components/report-bug-button';
import { AppProviders } from './app-providers';

/** The results page's sticky header has its own Log In / My Account (spec), so the site header leaves its own out there. */
const pagesWithTheirOwnAccountLink = Object.values(RESULTS_PAGE_PATTERNS);

/** Every route except '/': header, page, and the footer with 'Report a bug'. */
export function AppLayout() {
  const { pathname } = useLocation();
  const accountLink = !pagesWithTheirOwnAccountLink.some((pattern) => matchPath(pattern, pathname));
  return (
    <AppProviders>
      <div className="flex min-h-screen flex-col">
        <SiteHeader accountLink={accountLink} />
        <main className="flex-1">
          <Outlet />
        </main>
        <div data-testid="app-footer">
          <SiteFooter>
            <ReportBugButton />
          </SiteFooter>
        </div>
      </div>
    </AppProviders>
  );
}
