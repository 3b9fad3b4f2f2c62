import DOMPurify from 'dompurify';

/** The server's analysis HTML, sanitised again before it is rendered. */
export function DesignAnalysis({ html }: { html: string }) {
  const clean = DOMPurify.sanitize(html, {
    ALLOWED_TAGS: ['p', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'br', 'span'],
    ALLOWED_ATTR: ['style'],
  });
  return (
    <section aria-labelledby="analysis-title" className="rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="analysis-title" className="text-2xl font-extrabold">
        Design Analysis
      </h2>
      <div
        className="prose mt-4 max-w-none space-y-3 text-slate-800 [&_h3]:mt-4 [&_h3]:font-bold [&_ul]:list-disc [&_ul]:pl-6"
        dangerouslySetInnerHTML={{ __html: clean }}
      />
    </section>
  );
}
