import type sanitizeHtml from 'sanitize-html';
import { ANALYSIS_HTML } from '@rv/contracts/analysis-html';
import { loadOnce } from './load-once';

/** sanitize-html's options from the one allow-list the browser applies too (`@rv/contracts/analysis-html`). */
const options: sanitizeHtml.IOptions = {
  allowedTags: [...ANALYSIS_HTML.tags],
  allowedAttributes: Object.fromEntries(Object.entries(ANALYSIS_HTML.attributes).map(([tag, names]) => [tag, [...names]])),
  allowedStyles: Object.fromEntries(
    Object.entries(ANALYSIS_HTML.styles).map(([tag, properties]) => [
      tag,
      Object.fromEntries(Object.entries(properties).map(([property, pattern]) => [property, [pattern]])),
    ]),
  ),
  // No links at all (the default allows href on a, which the list does not name anyway) and no protocol-relative tricks.
  allowedSchemes: [],
  disallowedTagsMode: 'discard',
};

/** sanitize-html and its HTML and CSS parsers (~18 MB), imported when an analysis is first written (ADR 040). */
const loadSanitizer = loadOnce(async () => (await import('sanitize-html')).default);

/** Design analysis HTML keeps only simple text formatting: no scripts, no attributes but a colour swatch's style. */
export async function sanitizeAnalysisHtml(html: string): Promise<string> {
  return (await loadSanitizer())(html, options);
}
