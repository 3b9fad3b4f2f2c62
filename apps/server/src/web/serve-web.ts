import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SiteConfig } from '@rv/contracts/api/site';
import { PRESS, PRESS_IDS } from '@rv/contracts/press';
import { CUSTOM_SAMPLES_PREFIX } from '../features/site/load-site-config';
import { loadPagePreloads, prerenderedPatterns } from './page-preloads';
import { sendHtml } from './send-html';
import { cssUsedBy } from './css-used-by';
import { AUTH_COOKIE_PREFIX } from '../auth/create-auth';
import { firstImageOf, loadPageRenderer, pageDataFrom, withoutHints, RENDERER_DIR, type PageData, type RenderPage } from './page-renderer';
import type { ImagePreload, PageMeta } from '../lib/page-meta';

export type { ImagePreload, PageMeta };

/**
 * Serves the built web app: hashed assets cached for a year, other files briefly, and index.html
 * (with the site configuration inlined as JSON data, not script) for every client route.
 */
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The page's largest image when the server knows it (the first landing sample, the How it works poster):
 * preloaded from the HTML, so it does not wait for the scripts that render it.
 */
function preloadedImages(pathname: string, site: SiteConfig): string[] {
  const first = site.samples[0];
  if (!first) return [];
  if (pathname === '/') return [first.before];
  if (pathname === '/how-it-works' && !site.walkthroughVideoUrl) return [first.after];
  return [];
}

/**
 * The same preload as an HTTP `Link` header's value: the browser asks for the image when the answer's headers
 * arrive, before it has parsed a byte of the page (on a phone, the page's first task is its longest, ADR 069).
 * Null for a value a header cannot carry as it is (a quote, a bracket, a control character).
 */
function imagePreloadHeader(image: ImagePreload): string | null {
  const values = [image.href, image.responsive?.srcset ?? '', image.responsive?.sizes ?? ''];
  if (values.some((value) => /[^\x20-\x7e]|["<>]/.test(value))) return null;
  const responsive = image.responsive ? `; imagesrcset="${image.responsive.srcset}"; imagesizes="${image.responsive.sizes}"` : '';
  return `<${image.href}>; rel=preload; as=image; fetchpriority=high${responsive}`;
}

function imagePreload(image: ImagePreload) {
  const responsive = image.responsive
    ? ` imagesrcset="${escapeAttribute(image.responsive.srcset)}" imagesizes="${escapeAttribute(image.responsive.sizes)}"`
    : '';
  return `<link rel="preload" as="image" href="${escapeAttribute(image.href)}"${responsive} fetchpriority="high" />`;
}

/** The app shell (the header the build put in index.html), which a rendered page takes the place of. */
const APP_SHELL = /<!--app-shell-->[\s\S]*<!--\/app-shell-->/;
const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/;
/** How many pages drawn from data the server keeps rendered (the latest ones). */
const DATA_RENDERS_KEPT = 200;
/** A signed-in visitor: one who sends better-auth's session cookie. */
const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${AUTH_COOKIE_PREFIX}\\.session_token=`);

/**
 * index.html with a rendered page in place of the app shell (the root marked for hydration), its largest
 * image preloaded first thing in <head>, its page data as JSON, and the stylesheet inline, so the first
 * screen paints from this one response. Nothing else is fetched before it has painted (ADR 038): React's
 * own image hints are left out (the browser finds those images in the HTML), the first script's URL is
 * data (`#page-entry`) that the inline keeper (docs/press.md) turns into a script once the page's largest
 * image has painted, and the scripts the page needs besides it are listed as data (`#page-scripts`), which
 * that script fetches. The page is on screen, and its links, native dialogs and radios work, without them.
 */
function withRenderedPage(
  html: string,
  page: {
    rendered: string;
    imagePreloads: string;
    scripts: string[];
    inlineCss: string | null;
    scriptsOnPress: boolean;
    /** On a page that runs no script, the whole stylesheet, which the keeper adds with the scripts (ADR 069). */
    stylesheetOnPress?: string;
    data?: PageData;
  },
): string {
  const pageData = page.data ? `<script type="application/json" id="page-data">${jsonForHtml(page.data)}</script>` : '';
  const stylesheet = page.stylesheetOnPress
    ? `<script type="application/json" id="${PRESS_IDS.pageStylesheet}">${jsonForHtml(page.stylesheetOnPress)}</script>`
    : '';
  const entryPreloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const scripts = `<script type="application/json" id="${PRESS_IDS.pageScripts}">${jsonForHtml([...new Set([...entryPreloads, ...page.scripts])])}</script>`;
  return (
    html
      // Right after the viewport, which a responsive preload's sizes are read against.
      .replace(VIEWPORT, (viewport) => `${viewport}${page.imagePreloads}`)
      .replace(MODULE_PRELOAD, () => '')
      .replace('<div id="root">', () => `<div id="root" ${PRESS.rendered}="">`)
      // Said at the top, so the small first script can run as soon as it has arrived (`async`): it keeps
      // presses on what is painted while the rest of the page is still arriving (ADR 026).
      // A page this visitor uses without React says so: the keeper starts its scripts on a press that needs them.
      .replace(HTML_TAG, (tag) => `${tag.slice(0, -1)} ${PRESS.rendered}=""${page.scriptsOnPress ? ` ${PRESS.scriptsOnPress}=""` : ''}>`)
      // The first script is not fetched by the HTML: the keeper starts it once the page has painted (ADR 038).
      .replace(ENTRY_SCRIPT, (_, src: string) => `<script type="application/json" id="${PRESS_IDS.pageEntry}">${jsonForHtml(src)}</script>`)
      .replace(APP_SHELL, () => withoutHints(page.rendered))
      .replace(STYLESHEET, (link) => (page.inlineCss === null ? link : `<style>${page.inlineCss}</style>`))
      .replace('</head>', () => `${pageData}${scripts}${stylesheet}</head>`)
  );
}
const VIEWPORT = /<meta name="viewport"[^>]*>/;
const HTML_TAG = /<html[^>]*>/;
/** The entry script the build put in index.html. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
/** The entry's own module preloads in the built index.html. */
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

const jsonForHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export async function serveWeb(
  app: FastifyInstance,
  options: { webDist: string; site: SiteConfig; samplesDir?: string; pageMeta?: PageMeta },
) {
  const indexFile = path.join(options.webDist, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDist: options.webDist }, 'web build not found: run `npm run build` (API only until then)');
    return;
  }
  const json = JSON.stringify(options.site).replace(/</g, '\\u003c');
  // Every page, rendered or drawn by the browser, starts with the inline keeper the build put before #root:
  // a press on what is painted (a rendered page, or the app shell's header) is kept before any script
  // arrives (docs/press.md).
  const indexHtml = readFileSync(indexFile, 'utf8').replace(
    '<!--site-config-->',
    `<script type="application/json" id="site-config">${json}</script>`,
  );

  const pagePreloads = loadPagePreloads(options.webDist);
  const stylesheet = STYLESHEET.exec(indexHtml)?.[1];
  const inlineCss = stylesheet ? readFileSync(path.join(options.webDist, stylesheet), 'utf8') : null;

  // The public pages (page-routes.ts' prerender) are rendered once, now, with this configuration.
  const renderPage = await loadPageRenderer(options.webDist);
  const prerendered = new Map<string, string>();
  if (renderPage) {
    for (const pattern of prerenderedPatterns(options.webDist)) {
      prerendered.set(pattern, await renderPage(pattern === '*' ? '/404' : pattern, options.site));
    }
  } else app.log.warn({ webDist: options.webDist }, 'no page renderer in the web build: pages are drawn by the browser only');
  // A visitor's page that runs no script carries only the rules its HTML can use, which keeps it within the first
  // round trip of a connection (~14 KB); the whole stylesheet comes with its scripts (ADR 069). Worked out once,
  // after the page's first answer, not at start (~0.3 s): until it is ready the page carries the whole stylesheet.
  const visitorCss = new Map<string, string | Promise<string>>();
  const visitorCssOf = (pattern: string): string | undefined => {
    const known = visitorCss.get(pattern);
    if (typeof known === 'string') return known;
    const rendered = prerendered.get(pattern);
    if (known || rendered === undefined || inlineCss === null) return undefined;
    const working = cssUsedBy(indexHtml + rendered, inlineCss);
    visitorCss.set(pattern, working);
    working.then(
      (css) => visitorCss.set(pattern, css),
      (error: unknown) => app.log.error({ err: error }, 'finding the rules a page uses failed: it carries the whole stylesheet'),
    );
    return undefined;
  };

  await app.register(fastifyStatic, {
    root: options.webDist,
    index: false,
    wildcard: false,
    // The build's Brotli and gzip copies (apps/web/vite/precompress-plugin.ts), sent as they are.
    preCompressed: true,
    // The renderer is the server's, not the browser's.
    allowedPath: (pathname) => !pathname.startsWith(`/${RENDERER_DIR}/`),
    setHeaders(res, file) {
      const hashed = file.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  if (options.samplesDir) {
    await app.register(fastifyStatic, {
      root: path.resolve(options.samplesDir),
      prefix: CUSTOM_SAMPLES_PREFIX,
      decorateReply: false,
      maxAge: '1h',
    });
  }

  /**
   * A page drawn from the answer to the call it opens with (page-routes.ts' `data`), asked as this visitor
   * asks it (their session cookie, or none): a shared design's page for a visitor, a results page for its
   * owner (ADR 020). A call that does not answer 200 leaves the page to the browser.
   */
  async function renderFromData(request: FastifyRequest, dataCall: string, render: RenderPage) {
    const cookie = SESSION_COOKIE.test(String(request.headers.cookie ?? '')) ? String(request.headers.cookie) : undefined;
    const answer = await app.inject({ method: 'GET', url: dataCall, ...(cookie ? { headers: { cookie } } : {}) });
    if (answer.statusCode !== 200) return null;
    const data = pageDataFrom(dataCall, answer.json());
    if (!data) return null;
    // The same answer draws the same page: kept for the next requests while the answer does not change. The
    // page is drawn at its whole address, as the browser will draw it (StyleLens's ?edit=true).
    const key = `${request.url}\n${answer.body}`;
    let rendered = dataRenders.get(key);
    if (rendered === undefined) {
      rendered = await render(request.url, options.site, data);
      dataRenders.set(key, rendered);
      if (dataRenders.size > DATA_RENDERS_KEPT) dataRenders.delete(dataRenders.keys().next().value!);
    }
    return { rendered, data };
  }
  const dataRenders = new Map<string, string>();

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/') && !path.extname(pathname);
    if (!wantsPage) return reply.code(404).send({ error: 'Not found', code: 'NOT_FOUND' });
    // The page's public details and its render from data are asked at the same time.
    const asked = options.pageMeta?.(pathname).catch(() => null);
    const page = pagePreloads(pathname);
    const rendered =
      page.prerender && page.pattern && prerendered.has(page.pattern)
        ? { rendered: prerendered.get(page.pattern)! }
        : page.data && renderPage
          ? await renderFromData(request, page.data, renderPage).catch((error: unknown) => {
              request.log.error({ err: error }, 'rendering a page from its data failed: the browser draws it');
              return null;
            })
          : null;
    const meta = await asked;
    const html = meta
      ? indexHtml
          .replace(
            /<meta property="og:image" content="[^"]*" \/>/,
            () => `<meta property="og:image" content="${escapeAttribute(meta.image)}" />`,
          )
          .replace(
            /<meta property="og:title" content="[^"]*" \/>/,
            () => `<meta property="og:title" content="${escapeAttribute(meta.title)}" />`,
          )
      : indexHtml;
    // The page's largest image: known from the configuration, from the page drawn for this visitor, or
    // from the page's public details (a shared design the browser draws).
    const firstImage = (rendered && 'data' in rendered && rendered.data ? firstImageOf(rendered.data) : null) ?? meta?.firstImage;
    const images: ImagePreload[] = [
      ...preloadedImages(pathname, options.site).map((href) => ({ href })),
      ...(firstImage ? [firstImage] : []),
    ];
    const imagePreloads = images.map(imagePreload).join('');
    const imageLinks = images.map(imagePreloadHeader).filter((link) => link !== null);
    if (imageLinks.length > 0) reply.header('link', imageLinks.join(', '));
    const preloads = [
      imagePreloads,
      ...(page.data ? [`<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(page.data)}" />`] : []),
      ...page.scripts.map((href) => `<link rel="modulepreload" href="${escapeAttribute(href)}" />`),
    ].join('');
    // A page asked with a session may be drawn with that person's data (their results page): no browser
    // or proxy keeps it. Any other is the same for everyone: kept, and asked again before each use.
    const signedIn = SESSION_COOKIE.test(String(request.headers.cookie ?? ''));
    // A visitor uses a page marked so without React; a signed-in person's header needs it (My Account).
    const scriptsOnPress = Boolean(page.scriptsOnPress && !signedIn);
    const ownCss = scriptsOnPress && page.pattern ? visitorCssOf(page.pattern) : undefined;
    const answer = rendered
      ? withRenderedPage(html, {
          ...rendered,
          imagePreloads,
          scripts: page.scripts,
          ...(ownCss !== undefined && stylesheet ? { inlineCss: ownCss, stylesheetOnPress: `/${stylesheet}` } : { inlineCss }),
          scriptsOnPress,
        })
      : html.replace('</head>', () => `${preloads}</head>`);
    // A visitor's page that runs no script and is the same for everyone holds nothing a cross-origin window
    // could reach or leak: it is served without an opener policy, which would make the browser start it in
    // a renderer process of its own (a cold one: its first task ~300 ms longer on a phone profile, ADR 069).
    // Any page a person is signed in to, or that runs scripts from its first byte, keeps it.
    if (scriptsOnPress) reply.removeHeader('cross-origin-opener-policy');
    if (page.pattern === '*') reply.code(404);
    reply.header('cache-control', signedIn ? 'private, no-store' : 'no-cache');
    return sendHtml(request, reply, answer, Boolean(rendered && !('data' in rendered)));
  });
}
