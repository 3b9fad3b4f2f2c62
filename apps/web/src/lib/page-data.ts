import type { CallAnswer } from '@/lib/api-client';

/**
 * The answers a server-rendered page was drawn with, which the server writes into the page as JSON data
 * (`<script type="application/json" id="page-data">`, no inline script, so the CSP stays
 * `script-src 'self'`). The browser starts from the same answers, so hydration finds the same markup.
 */
export interface PageData {
  /** A design's results page as this visitor sees it (the designView call, with their session or none). */
  designView?: { id: string; answer: CallAnswer<'designView'> };
  /** A tool page's access check, when it granted access (the page is then rendered with its form). */
  toolAccess?: CallAnswer<'checkToolAccess'>;
}

export const PAGE_DATA_ELEMENT_ID = 'page-data';

let read: PageData | undefined;

/** The page's data, as the server wrote it (nothing for a page the browser draws itself). */
export function readPageData(): PageData {
  if (read) return read;
  const tag = typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ELEMENT_ID);
  read = tag?.textContent ? (JSON.parse(tag.textContent) as PageData) : {};
  return read;
}
