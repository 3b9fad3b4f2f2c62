import { BugReportDialog } from './bug-report-dialog';

/**
 * The footer's 'Report a bug' on every app page: a native dialog in the page's HTML that the platform
 * opens at the first press (ADR 038; it was a button whose dialog's code loaded on the first click, so a
 * press waited for React and then for that code).
 */
export function ReportBugButton() {
  return <BugReportDialog />;
}
