import { Bug } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

const BugReportDialog = lazy(() => import('./bug-report-dialog').then((m) => ({ default: m.BugReportDialog })));

const triggerClass = 'inline-flex items-center gap-1.5 text-sm text-slate-700 underline-offset-4 hover:underline';

/**
 * The footer's 'Report a bug' on every app page: the form and its code (dialog, validation, upload)
 * load on the first click, so they stay out of each page's first load.
 */
export function ReportBugButton() {
  const [wanted, setWanted] = useState(false);
  const preload = () => void import('./bug-report-dialog');
  const placeholder = (
    <button type="button" className={triggerClass} onClick={() => setWanted(true)} onPointerEnter={preload} onFocus={preload}>
      <Bug className="size-4" aria-hidden /> Report a bug
    </button>
  );
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <BugReportDialog defaultOpen />
    </Suspense>
  );
}
