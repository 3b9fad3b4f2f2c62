import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlibConstants, gzip, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encodings of a page kept once made, for pages the same for every visitor. */
interface Encoded {
  br: Buffer;
  gzip: Buffer;
}

/**
 * Pages the same for every visitor (page-routes.ts' prerender, with the same details), each compressed
 * once as small as Brotli and gzip make it, off the event loop (Brotli's quality 11 takes ~70 ms for the
 * landing): 14.3 -> 13.0 KB for the landing, which with its headers then arrives in TCP's first window
 * (10 segments, 14.6 KB) instead of a second round trip. Bounded: there are a handful of such pages.
 */
const kept = new Map<string, Promise<Encoded>>();
const KEPT_PAGES = 32;

function encodedOnce(html: string): Promise<Encoded> {
  let encoded = kept.get(html);
  if (!encoded) {
    encoded = Promise.all([
      brotliAsync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY } }),
      gzipAsync(html, { level: zlibConstants.Z_BEST_COMPRESSION }),
    ]).then(([br, gz]) => ({ br, gzip: gz }));
    kept.set(html, encoded);
    if (kept.size > KEPT_PAGES) kept.delete(kept.keys().next().value!);
  }
  return encoded;
}

/**
 * Sends a page's HTML in the encoding the browser accepts (index.html is answered by the not-found handler,
 * which @fastify/compress, per route, does not reach). A page drawn for this visitor is compressed now, at
 * a quality that costs little; a page the same for everyone (`sameForAll`) is compressed once and kept.
 */
export async function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string, sameForAll: boolean) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  const br = /\bbr\b/.test(accepts);
  const gz = !br && /\bgzip\b/.test(accepts);
  reply.header('vary', 'accept-encoding').type('text/html; charset=utf-8');
  if (!br && !gz) return reply.send(html);
  reply.header('content-encoding', br ? 'br' : 'gzip');
  if (sameForAll) {
    const encoded = await encodedOnce(html);
    return reply.send(br ? encoded.br : encoded.gzip);
  }
  return reply.send(br ? brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(html));
}
