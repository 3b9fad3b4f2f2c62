// How soon '/account' shows a subscriber their account (`npm run bench account-shown`, docs/budgets.md#every-press-counts): not its
// largest paint, which Lighthouse reports and which is the loading screen's text, but the moment the
// account itself is on screen (its Personal Information), measured on the page's own clock from the
// navigation's start to the frame after it appeared. Debian's Chromium against the real server (npm start's
// defaults) on loopback, a subscriber with 8 saved designs, each visit in a fresh browser context (nothing
// cached), first as this machine runs it, then on the phone profile of the first-click bench (phone-profile.ts).
// Budget (docs/budgets.md): within 1 s of navigation on this machine, whose speed (Lighthouse's benchmark
// index, bench/machine-speed.ts) is printed beside the verdict.
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import { emulatePhone, PHONE_CONTEXT } from './phone-profile';
import { seedSubscriber, signInPairs } from './seed-subscriber';
import { startServer } from './server-process';
import { CHROMIUM_LAUNCH } from '../scripts/chromium';
import { median } from './median';
import { benchmarkIndex, describeSpeed } from './machine-speed';

const VISITS = 5;
const BUDGET_MS = 1000;
const PASSWORD = 'account shown password 1';

/**
 * Runs in the page before its scripts: notes when the account's Personal Information first is on screen (the
 * frame after it appears). A string: a function from here would carry the helpers tsx adds to it.
 */
const RECORD_ACCOUNT_SHOWN = `(() => {
  const notes = { shownAt: null };
  window.__accountShown = notes;
  const check = () => {
    const shown = [...document.querySelectorAll('h2')].some((h) => h.textContent.trim() === 'Personal Information' && h.checkVisibility());
    if (shown) requestAnimationFrame(() => (notes.shownAt = performance.now()));
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

const { dataDir, email } = await seedSubscriber({
  label: 'account-shown',
  email: 'account-shown@example.com',
  name: 'Ada Count',
  password: PASSWORD,
  designs: 8,
});
const server = await startServer({ DATA_DIR: dataDir });
const browser = await chromium.launch(CHROMIUM_LAUNCH);
let failed = false;
try {
  const speed = await benchmarkIndex(browser);
  const cookies = (await signInPairs(server.url, email, PASSWORD)).map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.url };
  });
  const rows: Record<string, string | number>[] = [];
  for (const profile of ['this machine', 'phone profile'] as const) {
    const times: number[] = [];
    for (let visit = 0; visit < VISITS; visit++) {
      const phone = profile === 'phone profile';
      const context = await browser.newContext(phone ? PHONE_CONTEXT : {});
      await context.addCookies(cookies);
      await context.addInitScript(RECORD_ACCOUNT_SHOWN);
      const page = await context.newPage();
      if (phone) await emulatePhone(context, page);
      await page.goto(`${server.url}/account`, { waitUntil: 'commit' });
      const shownAt = await page
        .waitForFunction(() => (globalThis as { __accountShown?: { shownAt: number | null } }).__accountShown?.shownAt, undefined, {
          timeout: 30_000,
        })
        .then((handle) => handle.jsonValue());
      times.push(Number(shownAt));
      await context.close();
    }
    const within = profile === 'this machine' ? (median(times) <= BUDGET_MS ? 'yes' : 'NO') : '-';
    if (within === 'NO') failed = true;
    rows.push({
      profile,
      visits: VISITS,
      'median ms': Math.round(median(times)),
      'min ms': Math.round(Math.min(...times)),
      'max ms': Math.round(Math.max(...times)),
      [`within ${BUDGET_MS} ms`]: within,
    });
  }
  console.log(
    `/account: navigation start -> the account on screen (Personal Information), a fresh context per visit; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.table(rows);
  console.log(
    `budget: the account on screen within ${BUDGET_MS} ms of navigation on this machine (median): ${failed ? 'MISSED' : 'met'}; ` +
      `this machine's ${describeSpeed(speed)}`,
  );
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
