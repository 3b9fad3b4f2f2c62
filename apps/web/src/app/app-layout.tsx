import { Outlet } from 'react-router';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { ReportBugButton } from '@/features/bug-report/components/report-bug-button';
import { AppProviders } from './app-providers';

/** Every route except '/': header, page, and the footer with 'Report a bug'. */
export function AppLayout() {
  return (
    <AppProviders>
      <div className="flex min-h-screen flex-col">
        <SiteHeader />
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
