import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@rv/contracts/messages';
import { signInNewUser } from '../test/fixtures';
import { createTestApp, TEST_ORIGIN } from '../test/test-app';

/** The inline press keeper the web build puts before #root (docs/press.md): here a stand-in, allowed by its hash. */
const KEEPER = 'window.__rvPresses=[]';
const KEEPER_CSP = `'sha256-${createHash('sha256').update(KEEPER).digest('base64')}'`;
const webDist = mkdtempSync(path.join(tmpdir(), 'rv-web-'));
writeFileSync(
  path.join(webDist, 'index.html'),
  `<html><head><!--site-config--></head><body><script>${KEEPER}</script><div id="root"></div></body></html>`,
);
mkdirSync(path.join(webDist, 'samples'));
writeFileSync(
  path.join(webDist, 'samples', 'samples.json'),
  JSON.stringify([
    {
      id: 1,
      room: 'Dining Room',
      before: '/samples/room-1-before.webp',
      after: '/samples/room-1-after.webp',
      thumb: '/samples/room-1-thumb.webp',
      alt: 'A dining room',
    },
  ]),
);

writeFileSync(
  path.join(webDist, 'page-preloads.json'),
  JSON.stringify([
    { path: '/', scripts: ['/assets/landing-a1.js'], scriptsOnPress: true },
    { path: '/how-it-works', scripts: ['/assets/app-layout-b2.js', '/assets/how-it-works-f6.js'], prerender: true },
    { path: '/login', scripts: ['/assets/app-layout-b2.js', '/assets/login-c3.js'] },
    {
      path: '/furnishing-decorating/design/:id',
      scripts: ['/assets/app-layout-b2.js', '/assets/design-results-d4.js'],
      data: '/api/room-design/:id',
    },
    { path: '*', scripts: ['/assets/app-layout-b2.js', '/assets/not-found-e5.js'], prerender: true },
  ]),
);

describe('the app shell', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp({ WEB_DIST_DIR: webDist, WALKTHROUGH_VIDEO_URL: 'https://www.youtube-nocookie.com/embed/abc' });
  });
  afterAll(() => ctx.close());

  it('answers the health check with the database state', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('publishes the OpenAPI document and docs page listing the routes', async () => {
    const doc = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/health', '/api/bug-report', '/api/site-config']));
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });

  it('sets helmet headers with a CSP that allows only configured embeds', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    // Besides our files, only the build's inline press keeper, by its hash: no other inline script.
    expect(csp).toMatch(new RegExp(`script-src 'self'[^;]* ${KEEPER_CSP.replace(/[+/]/g, '\\$&')}(;|$)`));
    expect(csp.split(';').find((directive) => directive.trim().startsWith('script-src'))).not.toContain('unsafe-inline');
    expect(csp).toContain('frame-src');
    expect(csp).toContain('https://www.youtube-nocookie.com');
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('keeps every page in a browsing context of its own (COOP same-origin) but a visitor’s landing, which runs no script and is the same for everyone (ADR 069)', async () => {
    const user = await signInNewUser(ctx.app, ctx.app.services.database.db);
    const opener = async (url: string, cookie?: string) =>
      (await ctx.app.inject({ method: 'GET', url, ...(cookie ? { headers: { cookie } } : {}) })).headers['cross-origin-opener-policy'];
    expect(await opener('/')).toBeUndefined();
    expect(await opener('/', user.cookie)).toBe('same-origin');
    for (const url of ['/login', '/how-it-works', '/checkout', '/account', '/no/such/page', '/api/health'])
      expect([url, await opener(url)]).toEqual([url, 'same-origin']);
    expect(await opener('/account', user.cookie)).toBe('same-origin');
  });

  it('serves the SPA for client routes with the site configuration inlined as data', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/how-it-works' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<script type="application/json" id="site-config">');
    expect(res.body).toContain('youtube-nocookie.com/embed/abc');
  });

  it('personal answers and pages asked with a session are private, no-store; a page for everyone is no-cache (ASVS V14.3.2)', async () => {
    const user = await signInNewUser(ctx.app, ctx.app.services.database.db);
    for (const url of ['/api/user-profile', '/api/me', '/api/designs?scope=all&page=1&limit=6']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
      expect([url, res.statusCode, res.headers['cache-control']]).toEqual([url, 200, 'private, no-store']);
    }
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/user-profile' });
    expect([refused.statusCode, refused.headers['cache-control']]).toEqual([401, 'private, no-store']);
    const ownPage = await ctx.app.inject({ method: 'GET', url: '/login', headers: { cookie: user.cookie } });
    expect(ownPage.headers['cache-control']).toBe('private, no-store');
    const everyones = await ctx.app.inject({ method: 'GET', url: '/login' });
    expect(everyones.headers['cache-control']).toBe('no-cache');
  });

  it('answers unknown API paths with a JSON 404, not the SPA', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a cross-origin state-changing call (CSRF)', async () => {
    for (const headers of [{ origin: 'https://evil.example' }, { origin: TEST_ORIGIN, 'sec-fetch-site': 'cross-site' }]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/bug-report', headers, payload: {} });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(messages.server.forbiddenOrigin);
    }
  });

  it('compresses large responses', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('compresses the page and preloads the landing image it shows first', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    const html = brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(html).toContain('<link rel="preload" as="image" href="/samples/room-1-before.webp" fetchpriority="high" />');
    const plain = await ctx.app.inject({ method: 'GET', url: '/login' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).not.toContain('rel="preload"');
  });

  it("names the page's scripts and the API call it opens with as preloads, from the build's list", async () => {
    const results = (await ctx.app.inject({ method: 'GET', url: '/furnishing-decorating/design/Ab_c-1' })).body;
    expect(results).toContain(
      '<link rel="modulepreload" href="/assets/app-layout-b2.js" /><link rel="modulepreload" href="/assets/design-results-d4.js" />',
    );
    expect(results).toContain('<link rel="preload" as="fetch" crossorigin href="/api/room-design/Ab_c-1" />');
    const login = (await ctx.app.inject({ method: 'GET', url: '/login' })).body;
    expect(login).toContain('<link rel="modulepreload" href="/assets/login-c3.js" />');
    expect(login).not.toContain('as="fetch"');
    expect((await ctx.app.inject({ method: 'GET', url: '/' })).body).toContain('<link rel="modulepreload" href="/assets/landing-a1.js" />');
    const missing = await ctx.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('href="/assets/not-found-e5.js"');
  });

  it('puts only a plain id from the address into a preloaded API call', async () => {
    for (const id of ['%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'admin%2Fusers', 'a%20b']) {
      const html = (await ctx.app.inject({ method: 'GET', url: `/furnishing-decorating/design/${id}` })).body;
      expect(html).toContain('href="/assets/design-results-d4.js"');
      expect(html).not.toContain('as="fetch"');
      expect(html).not.toContain('<script>alert');
    }
  });
});

describe('with PAYMENTS=stripe', () => {
  it("lets the page load Stripe's Payment Element and tells the web app the publishable key", async () => {
    const ctx = await createTestApp({
      WEB_DIST_DIR: webDist,
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_public',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_ID: 'price_x',
    });
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/checkout' });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
      expect(csp).toContain('https://hooks.stripe.com');
      expect(res.body).toContain('"payments":{"provider":"stripe","publishableKey":"pk_test_public"}');
      expect(res.body).not.toContain('sk_test_x');
    } finally {
      await ctx.close();
    }
  });
});
