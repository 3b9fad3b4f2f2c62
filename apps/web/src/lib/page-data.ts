import { isObject, parseJsonObject } from './first-script-json';

/**
 * The answers a server-rendered page was drawn with, which the server writes into the page as JSON data
 * (`<script type="application/json" id="page-data">`, no inline script, so the CSP stays
 * `script-src 'self'`). The browser starts from the same answers, so hydration finds the same markup.
 * Each answer is read here as it is written; the page that starts from it reads it through its call's
 * answer schema (the design view's page, the tool pages), so that this module carries no page's schema.
 */
export interface PageData {
  /** A design's results page as this visitor sees it (the designView call, with their session or none). */
  designView?: { id: string; answer: unknown };
  /** A tool page's access check, when it granted access (the page is then rendered with its form). */
  toolAccess?: unknown;
}

/** The page's data as written, checked by hand (this is read by the first scripts, which carry no zod: ADR 038). */
function toPageData(data: Record<string, unknown>): PageData {
  const view = data.designView;
  return {
    ...(isObject(view) && typeof view.id === 'string' ? { designView: { id: view.id, answer: view.answer } } : {}),
    ...('toolAccess' in data ? { toolAccess: data.toolAccess } : {}),
  };
}

export const PAGE_DATA_ELEMENT_ID = 'page-data';

let read: PageData | undefined;

/** The page's data, as the server wrote it (nothing for a page the browser draws itself, or data that is not of its shape). */
export function readPageData(): PageData {
  if (read) return read;
  const tag = typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ELEMENT_ID);
  const data = tag?.textContent ? parseJsonObject(tag.textContent) : undefined;
  read = data ? toPageData(data) : {};
  return read;
}
