import type { CallAnswer } from '@/lib/api-client';

/**
 * The answers a server-rendered page was drawn with, which the server writes into the page as JSON data
 * (`<script type="application/json" id="page-data">`, no inline script, so the CSP stays
 * `script-src 'self'`). The browser starts from the same answers, so hydration finds the same markup.
 */
export interface PageData {
  /** A shared design as a visitor sees it (the roomDesign call without a session). */
  roomDesign?: { id: string; answer: CallAnswer<'roomDesign'> };
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
