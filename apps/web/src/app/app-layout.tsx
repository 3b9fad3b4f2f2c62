import { Outlet } from 'react-router';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { BugReportDialog } from '@/features/bug-report/components/bug-report-dialog';
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
            <BugReportDialog />
          </SiteFooter>
        </div>
      </div>
    </AppProviders>
  );
}
