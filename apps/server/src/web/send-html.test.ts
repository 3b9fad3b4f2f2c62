import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { sendHtml } from './send-html';

/** A page of the landing's make: much markup, much repeated. */
const html = `<!doctype html><html><head><style>${'.a{color:red}'.repeat(400)}</style></head><body>${Array.from(
  { length: 600 },
  (_, i) => `<p class="p-${i % 7}">Room ${i}</p>`,
).join('')}</body></html>`;

const app = Fastify();
app.get('/same', (request, reply) => sendHtml(request, reply, html, true));
app.get('/drawn', (request, reply) => sendHtml(request, reply, html, false));
afterAll(() => app.close());

describe('sendHtml', () => {
  it("compresses a page the same for everyone once, at Brotli's best, and sends the same bytes again", async () => {
    const first = await app.inject({ url: '/same', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const again = await app.inject({ url: '/same', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(html);
    const best = brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } });
    expect(first.rawPayload.length).toBe(best.length);
    expect(again.rawPayload).toEqual(first.rawPayload);
  });

  it('compresses a page drawn for one visitor now, smaller than it is, and sends gzip or plain HTML to a browser without Brotli', async () => {
    const drawn = await app.inject({ url: '/drawn', headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(drawn.rawPayload).toString()).toBe(html);
    expect(drawn.rawPayload.length).toBeLessThan(html.length / 5);
    for (const url of ['/same', '/drawn']) {
      const gzipped = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipped.rawPayload).toString()).toBe(html);
      const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.payload).toBe(html);
    }
  });
});
