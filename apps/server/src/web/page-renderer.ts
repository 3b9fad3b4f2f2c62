import { z } from 'zod';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SiteConfig } from '@rv/contracts/api/site';
import { RESULT_IMAGE_SIZES } from '@rv/contracts/images';
import type { ImagePreload } from '../lib/page-meta';
import { routeTable } from '@rv/contracts/route-table';

/** What a server-rendered page starts from besides the configuration (apps/web/src/lib/page-data.ts). */
export interface PageData {
  designView?: { id: string; answer: unknown };
  /** A tool page's access check that granted access: the page is rendered with its form (ADR 026). */
  toolAccess?: { hasAccess: true };
}

/**
 * The page data a page is drawn from, out of the answer to the call it opens with (a design, for a results
 * page; access granted, for a tool page); null when the page is not drawn from that answer.
 */
export function pageDataFrom(dataCall: string, answer: unknown): PageData | null {
  if (dataCall === routeTable.checkToolAccess.path) {
    const granted = typeof answer === 'object' && answer !== null && 'hasAccess' in answer && answer.hasAccess === true;
    return granted ? { toolAccess: { hasAccess: true } } : null;
  }
  const [designCall] = routeTable.designView.path.split(':');
  const design = dataCall.startsWith(designCall!) ? /^[\w-]+$/.exec(dataCall.slice(designCall!.length)) : null;
  if (design) return { designView: { id: design[0], answer } };
  return null;
}

/**
 * The largest image of a page drawn from its data, as its <img> asks for it: a results page's design (its
 * first result, which the page shows first: ADR 062) with the page's srcset and sizes. Never the original
 * photo, which is under the design and must not be fetched before it (issue 51). Preloaded from the HTML for
 * whoever the page was drawn for (the owner of a private design too, whom the page's public details do not describe).
 */
export function firstImageOf(data: PageData): ImagePreload | null {
  const answer = designOfAnswer.safeParse(data.designView?.answer);
  if (!answer.success) return null;
  const first = answer.data.design.images.find((image) => image.kind !== 'refined');
  if (!first) return null;
  return { href: first.url, ...(first.srcset ? { responsive: { srcset: first.srcset, sizes: RESULT_IMAGE_SIZES } } : {}) };
}

/** What the preload reads of a design view's answer: its results' kinds, URLs and srcsets (a srcset of another type is none). */
const designOfAnswer = z.object({
  design: z.object({
    images: z.array(z.object({ kind: z.string(), url: z.string(), srcset: z.string().optional().catch(undefined) })),
  }),
});

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
