import type { ShoppableItem } from '@rv/contracts/api/designs';
import { itemDetails } from '@/features/designs/images/lib/design-items';
import { useHydrated } from '@/lib/use-hydrated';
import { importer, useImported } from '@/lib/use-imported';

// The sanitiser loads with the analysis, which sits below the images, not before the page can show them.
const sanitizer = importer(() => import('./sanitized-html'));

/**
 * The server's analysis HTML, sanitised again before it is rendered (in the browser, with its DOM: a page
 * the server rendered shows the loading line until it has hydrated), and the items the design's images show.
 */
export function DesignAnalysis({ html, items }: { html: string | null; items: ShoppableItem[] }) {
  const hydrated = useHydrated();
  const SanitizedHtml = useImported(sanitizer, hydrated && html !== null)?.default;
  const loading = <p className="mt-4 text-slate-600">Loading the analysis…</p>;
  return (
    <section aria-labelledby="analysis-title" className="rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="analysis-title" className="text-2xl font-extrabold">
        Design Analysis
      </h2>
      {html &&
        (SanitizedHtml ? (
          <SanitizedHtml
            html={html}
            className="prose mt-4 max-w-none space-y-3 text-slate-800 [&_h3]:mt-4 [&_h3]:font-bold [&_ul]:list-disc [&_ul]:pl-6"
          />
        ) : (
          loading
        ))}
      {items.length > 0 && (
        <>
          <h3 id="analysis-items-title" className="mt-6 text-lg font-bold">
            Items in this design
          </h3>
          <ul aria-labelledby="analysis-items-title" className="mt-2 grid gap-2 sm:grid-cols-2">
            {items.map((item) => (
              <li key={item.name} className="rounded-lg bg-slate-50 px-3 py-2">
                <span className="block font-semibold text-slate-900">{item.name}</span>
                <span className="text-sm text-slate-700">{itemDetails(item)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
