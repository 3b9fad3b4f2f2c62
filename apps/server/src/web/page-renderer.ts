import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SiteConfig } from '@rv/contracts/api/site';
import { routeTable } from '@rv/contracts/routes/route-table';

/** What a server-rendered page starts from besides the configuration (apps/web/src/lib/page-data.ts). */
export interface PageData {
  designView?: { id: string; answer: unknown };
}

/**
 * The page data a page is drawn from, out of the answer to the call it opens with (a design, for a results
 * page); null when the page is not drawn from that answer.
 */
export function pageDataFrom(dataCall: string, answer: unknown): PageData | null {
  const [designCall] = routeTable.designView.path.split(':');
  const design = dataCall.startsWith(designCall!) ? /^[\w-]+$/.exec(dataCall.slice(designCall!.length)) : null;
  if (design) return { designView: { id: design[0], answer } };
  return null;
}

/** The web build's renderer (apps/web/src/entry-server.tsx, built into dist/ssr): a page's HTML for a URL. */
export type RenderPage = (url: string, site: SiteConfig, data?: PageData) => Promise<string>;

export const RENDERER_DIR = 'ssr';

/** The renderer the web build wrote, or null when there is none (an API-only or older build). */
export async function loadPageRenderer(webDist: string): Promise<RenderPage | null> {
  const file = path.join(webDist, RENDERER_DIR, 'entry-server.js');
  if (!existsSync(file)) return null;
  const module: unknown = await import(pathToFileURL(file).href);
  if (typeof module !== 'object' || module === null || !('renderPage' in module) || typeof module.renderPage !== 'function')
    throw new Error(`${file} does not export renderPage`);
  const render: (...args: unknown[]) => unknown = module.renderPage.bind(module);
  return async (url, site, data) => {
    const html = await render(url, site, data);
    if (typeof html !== 'string') throw new Error('renderPage did not answer HTML');
    return html;
  };
}

/** A rendered fragment without the resource hints React puts before its markup (its images' preloads). */
export const withoutHints = (html: string): string => html.replace(/^(?:<link [^>]*\/>)*/, '');
