import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A web build with the server's renderer (a stand-in that draws everything its page data holds), so the
 * HTML of a design page is what the server renders from the answer this viewer gets.
 */
export function webBuild(): string {
  const webDist = mkdtempSync(path.join(tmpdir(), 'rv-web-private-'));
  mkdirSync(path.join(webDist, 'ssr'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<html><head><meta name="viewport" content="width=device-width" /><meta property="og:title" content="Room Visualizer" />' +
      '<meta property="og:image" content="/samples/og-image.webp" /><!--site-config--></head>' +
      '<body><div id="root"><!--app-shell--><header>shell</header><!--/app-shell--></div></body></html>',
  );
  writeFileSync(
    path.join(webDist, 'page-preloads.json'),
    JSON.stringify([{ path: '/furnishing-decorating/design/:id', scripts: [], data: '/api/designs/:id' }]),
  );
  writeFileSync(
    path.join(webDist, 'ssr', 'entry-server.js'),
    'export async function renderPage(url, site, data) { return `<main>${JSON.stringify(data ?? null)}</main>`; }',
  );
  return webDist;
}
