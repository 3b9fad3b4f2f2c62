import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteConfig } from '@rv/contracts/api/site';
import { CUSTOM_SAMPLES_PREFIX } from '../features/site/load-site-config';
import { loadPagePreloads } from './page-preloads';

/**
 * Serves the built web app: hashed assets cached for a year, other files briefly, and index.html
 * (with the site configuration inlined as JSON data, not script) for every client route.
 */
/** An image to preload: its URL and, for a responsive <img>, the same srcset and sizes the page gives it. */
export interface ImagePreload {
  href: string;
  responsive?: { srcset: string; sizes: string };
}

export type PageMeta = (path: string) => Promise<{
  title: string;
  image: string;
  /** The image the page shows first, to preload. */
  firstImage?: ImagePreload;
} | null>;

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

function imagePreload(image: ImagePreload) {
  const responsive = image.responsive
    ? ` imagesrcset="${escapeAttribute(image.responsive.srcset)}" imagesizes="${escapeAttribute(image.responsive.sizes)}"`
    : '';
  return `<link rel="preload" as="image" href="${escapeAttribute(image.href)}"${responsive} fetchpriority="high" />`;
}

/** index.html is answered by the not-found handler, which @fastify/compress (per route) does not reach. */
function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  reply.header('vary', 'accept-encoding').type('text/html; charset=utf-8');
  if (/\bbr\b/.test(accepts))
    return reply.header('content-encoding', 'br').send(brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }));
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}

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
  const indexHtml = readFileSync(indexFile, 'utf8').replace(
    '<!--site-config-->',
    `<script type="application/json" id="site-config">${json}</script>`,
  );

  const pagePreloads = loadPagePreloads(options.webDist);

  await app.register(fastifyStatic, {
    root: options.webDist,
    index: false,
    wildcard: false,
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

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/') && !path.extname(pathname);
    if (!wantsPage) return reply.code(404).send({ error: 'Not found', code: 'NOT_FOUND' });
    const meta = await options.pageMeta?.(pathname).catch(() => null);
    const page = pagePreloads(pathname);
    const preloads = [
      ...preloadedImages(pathname, options.site).map((href) => imagePreload({ href })),
      ...(meta?.firstImage ? [imagePreload(meta.firstImage)] : []),
      ...(page.data ? [`<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(page.data)}" />`] : []),
      ...page.scripts.map((href) => `<link rel="modulepreload" href="${escapeAttribute(href)}" />`),
    ].join('');
    const html = (
      meta
        ? indexHtml
            .replace(
              /<meta property="og:image" content="[^"]*" \/>/,
              `<meta property="og:image" content="${escapeAttribute(meta.image)}" />`,
            )
            .replace(
              /<meta property="og:title" content="[^"]*" \/>/,
              `<meta property="og:title" content="${escapeAttribute(meta.title)}" />`,
            )
        : indexHtml
    ).replace('</head>', `${preloads}</head>`);
    return sendHtml(request, reply.header('cache-control', 'no-cache'), html);
  });
}
