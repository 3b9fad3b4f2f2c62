import DOMPurify from 'dompurify';
import { ANALYSIS_HTML, allowedAnalysisStyle, analysisAttributeAllowed } from '@rv/contracts/analysis-html';

/**
 * DOMPurify held to the server's allow-list (`@rv/contracts/analysis-html`): the listed tags, and per
 * tag only its listed attributes; a style keeps only its listed properties with values of the listed form.
 */
const purify = DOMPurify(window);
purify.addHook('uponSanitizeAttribute', (node, event) => {
  const tag = node.nodeName.toLowerCase();
  if (!analysisAttributeAllowed(tag, event.attrName)) {
    event.keepAttr = false;
    return;
  }
  if (event.attrName === 'style') {
    event.attrValue = allowedAnalysisStyle(tag, event.attrValue);
    if (!event.attrValue) event.keepAttr = false;
  }
});

const config = {
  ALLOWED_TAGS: [...ANALYSIS_HTML.tags],
  ALLOWED_ATTR: [...new Set(Object.values(ANALYSIS_HTML.attributes).flat())],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

/** The analysis HTML as the browser renders it: sanitised again with the server's allow-list. */
export function sanitizeAnalysisHtml(html: string): string {
  return purify.sanitize(html, config);
}

/** HTML from the server, sanitised again in the browser before it is rendered (loaded with the analysis). */
export default function SanitizedHtml({ html, className }: { html: string; className: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: sanitizeAnalysisHtml(html) }} />;
}
