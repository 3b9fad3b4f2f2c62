// Landing route weight: every script and stylesheet Chromium loads for '/', gzip -9 sizes.
// Throughput: autocannon for 10 s each on /api/health and on the landing HTML (loopback).
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import { startServer } from './server-process';
import { CHROMIUM_LAUNCH } from '../scripts/chromium';

const BUDGET_JS_KB = 100;
const server = await startServer();
try {
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  const page = await browser.newPage();
  const assets: { type: string; url: string; body: Promise<Buffer> }[] = [];
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type === 'script' || type === 'stylesheet') assets.push({ type, url: response.url(), body: response.body() });
  });
  await page.goto(server.url, { waitUntil: 'networkidle' });
  await browser.close();
  let js = 0;
  let css = 0;
  for (const asset of assets) {
    const gz = gzipSync(await asset.body, { level: 9 }).length;
    if (asset.type === 'script') js += gz;
    else css += gz;
  }
  const kb = (n: number) => (n / 1024).toFixed(1);
  console.log(
    `landing route: JavaScript ${kb(js)} KB gzip in ${assets.filter((a) => a.type === 'script').length} files (budget ${BUDGET_JS_KB} KB), CSS ${kb(css)} KB gzip`,
  );
  if (js / 1024 > BUDGET_JS_KB) console.log(`  OVER BUDGET by ${kb(js - BUDGET_JS_KB * 1024)} KB`);
  // A visitor's landing runs no script (ADR 068): what React brings once a press needs it, or for a signed-in
  // person, is the first script and the scripts the page lists (#page-entry, #page-scripts), measured the same way.
  const html = await (await fetch(server.url)).text();
  const listed = (id: string): unknown =>
    JSON.parse(html.match(new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`))?.[1] ?? 'null');
  const scripts = listed('page-scripts');
  const urls = [listed('page-entry'), ...(Array.isArray(scripts) ? scripts : [])].filter((url): url is string => typeof url === 'string');
  let react = 0;
  for (const url of urls) react += gzipSync(Buffer.from(await (await fetch(`${server.url}${url}`)).arrayBuffer()), { level: 9 }).length;
  console.log(
    `the landing once React runs it (a signed-in person, or a visitor's press that needs it): JavaScript ${kb(react)} KB gzip in ${urls.length} files (budget ${BUDGET_JS_KB} KB)`,
  );
  if (react / 1024 > BUDGET_JS_KB) console.log(`  OVER BUDGET by ${kb(react - BUDGET_JS_KB * 1024)} KB`);

  for (const [name, path] of [
    ['/api/health', '/api/health'],
    ['landing HTML', '/'],
  ]) {
    const result = await autocannon({ url: `${server.url}${path}`, connections: 20, duration: 10 });
    console.log(
      `${name}: ${Math.round(result.requests.average)} req/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors + result.non2xx}`,
    );
  }
} finally {
  await server.stop();
}
