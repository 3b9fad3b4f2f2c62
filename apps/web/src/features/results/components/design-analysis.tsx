import { lazy, Suspense } from 'react';
import { useHydrated } from '@/lib/use-hydrated';

// The sanitiser loads with the analysis, which sits below the images, not before the page can show them.
const SanitizedHtml = lazy(() => import('./sanitized-html'));

/**
 * The server's analysis HTML, sanitised again before it is rendered (in the browser, with its DOM: a page
 * the server rendered shows the loading line until it has hydrated).
 */
export function DesignAnalysis({ html }: { html: string }) {
  const hydrated = useHydrated();
  const loading = <p className="mt-4 text-slate-600">Loading the analysis…</p>;
  return (
    <section aria-labelledby="analysis-title" className="rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="analysis-title" className="text-2xl font-extrabold">
        Design Analysis
      </h2>
      {hydrated ? (
        <Suspense fallback={loading}>
          <SanitizedHtml
            html={html}
            className="prose mt-4 max-w-none space-y-3 text-slate-800 [&_h3]:mt-4 [&_h3]:font-bold [&_ul]:list-disc [&_ul]:pl-6"
          />
        </Suspense>
      ) : (
        loading
      )}
    </section>
  );
}
