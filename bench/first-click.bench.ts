// Every press counts (`npm run bench first-click`, docs/budgets.md#every-press-counts): Debian's Chromium as a phone would
// be, 390 px wide, 150 ms round trip, 1.6 Mbps down, CPU slowed 4x (DevTools protocol), against the real
// server (npm start's defaults) on loopback. For every page a person meets (signed out: '/',
// '/how-it-works', '/checkout', '/login', a shared design's page; signed in: the two tool pages, the
// owner's results page, '/account' with My Designs, StyleLens): every control visible on the loaded page is
// pressed once, in a fresh page each, the moment it is painted and can take a click (Playwright's
// actionability: visible, still, enabled, not covered); then up to 15 s for it to do its job:
//   a link: the address changes (a new document, or the app's own navigation, or #anchor);
//   a button: a dialog opens, its aria-expanded / aria-pressed turns true, a radio or checkbox turns on,
//   the address changes, a download, a new tab or the file picker starts, an image of the page changes (a
//   slider), its own label on screen changes ('Sharing...'), a message appears (role=alert) or the focus is taken
//   to what is missing; a link to the page it is on has nothing to do.
// Per control: when it was pressed (ms after the navigation started), when the page showed the press
// (the early-press mark, ms after the press), what it did, and how long after the press its answer was
// on screen. Per page: first paint, and first paint -> scripts in control (#root[data-hydrated]), median
// over the page's runs. Budget (docs/budgets.md): every control does its job, its answer on screen within 200 ms
// of the press (the INP 'good' threshold), a press at first paint included.
// FIRST_CLICK_PAGE=<text> measures only the page of that name, or those whose name contains it; FIRST_CLICK_CONTROL=<text>
// only the controls whose name contains it.
// Beside the verdict, the machine's speed (Lighthouse's benchmark index, bench/machine-speed.ts).
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { emulatePhone, PHONE, PHONE_CONTEXT } from './phone-profile';
import { seedSubscriber, signInPairs } from './seed-subscriber';
import type { Recorded } from './browser/first-click-recorded';
import { startServer } from './server-process';
import { CHROMIUM_LAUNCH } from '../scripts/chromium';
import { PRESS } from '@rv/contracts/press';
import { routeTable } from '@rv/contracts/route-table';
import { median } from './median';
import { benchmarkIndex, describeSpeed } from './machine-speed';

const WAIT_MS = 15_000;
const BUDGET = { answerMs: 200 };
const PASSWORD = 'first click password 1';
const RECORDER = fileURLToPath(new URL('./browser/first-click-recorder.js', import.meta.url));

const { dataDir, email, designIds } = await seedSubscriber({
  label: 'first-click',
  email: 'first-click@example.com',
  name: 'Fay Click',
  password: PASSWORD,
  designs: 3,
});
const designPath = `/furnishing-decorating/design/${designIds[0]}`;

/** The kind of control pressed: a link's job may be to stay on its page. */
type ControlKind = Parameters<Page['getByRole']>[0];
/** The recorder's notes in the page's document. */
const recorded = () => (globalThis as { __firstClick?: Recorded }).__firstClick;

const server = await startServer({ DATA_DIR: dataDir });
const browser = await chromium.launch(CHROMIUM_LAUNCH);
let failed = false;
try {
  const speed = await benchmarkIndex(browser);
  const signIn = async () =>
    (await signInPairs(server.url, email, PASSWORD)).map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.url };
    });
  let cookies = await signIn();
  /** Whether the session the signed-in pages share is still one (a press may have ended it: Logout, Delete account). */
  const stillSignedIn = async () =>
    (
      await fetch(`${server.url}${routeTable.userProfile.path}`, {
        headers: { cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') },
      })
    ).ok;
  const pages = [
    { name: '/', path: '/' },
    { name: '/how-it-works', path: '/how-it-works' },
    { name: '/checkout', path: '/checkout' },
    { name: '/login', path: '/login' },
    { name: 'shared design (visitor)', path: designPath },
    { name: 'results (owner)', path: designPath, signedIn: true },
    { name: '/furnishing-decorating', path: '/furnishing-decorating', signedIn: true },
    { name: '/kitchen-bathroom', path: '/kitchen-bathroom', signedIn: true },
    { name: '/account (My Designs)', path: '/account', signedIn: true },
    { name: '/style-lens', path: '/style-lens', signedIn: true },
  ].filter((page, _, all) => {
    const wanted = process.env.FIRST_CLICK_PAGE;
    if (!wanted) return true;
    return all.some((other) => other.name === wanted) ? page.name === wanted : page.name.includes(wanted);
  });

  const newPage = async ({ signedIn, kind, throttled }: { signedIn?: boolean; kind?: ControlKind; throttled?: boolean }) => {
    const context = await browser.newContext(PHONE_CONTEXT);
    if (signedIn) await context.addCookies(cookies);
    // The kind first, then the recorder, which reads it (bench/browser/first-click-recorder.js).
    await context.addInitScript((pressed: string) => Object.assign(globalThis, { __firstClickKind: pressed }), kind ?? 'button');
    await context.addInitScript({ path: RECORDER });
    const page = await context.newPage();
    if (throttled) await emulatePhone(context, page);
    return { context, page };
  };

  const rows: Record<string, string | number>[] = [];
  let slow = 0;
  const pageRows: Record<string, string | number>[] = [];
  for (const target of pages) {
    const url = `${server.url}${target.path}`;
    // The controls: every visible link and button of the loaded page, by role and name (the n-th of that name).
    const { context: probeContext, page: probe } = await newPage({ signedIn: target.signedIn });
    await probe.goto(url, { waitUntil: 'load' });
    // A page a visitor uses without React (the landing, ADR 068) is never taken over by it: its controls are
    // those of its HTML.
    const withoutReact = (page: Page) =>
      page
        .locator(`html[${PRESS.scriptsOnPress}]`)
        .count()
        .then((count) => count > 0);
    if (!(await withoutReact(probe))) await probe.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
    await probe.waitForLoadState('networkidle');
    const controls: { role: ControlKind; name: string; nth: number }[] = [];
    const seen = new Map<string, number>();
    for (const role of ['link', 'button', 'checkbox', 'radio'] as const) {
      for (const locator of await probe.getByRole(role).all()) {
        if (!(await locator.isVisible()) || !(await locator.isEnabled())) continue;
        const snapshot = await locator.ariaSnapshot();
        // One line of YAML: `- role "name"`, quoted as a whole when the name has a ': ' in it.
        const line = snapshot
          .split('\n')[0]!
          .replace(/^- '(.*)'(:?)$/, (_, inner: string, colon: string) => `- ${inner.replace(/''/g, "'")}${colon}`);
        const name = /^- \w+ "((?:[^"\\]|\\.)*)"/.exec(line)?.[1]?.replace(/\\(.)/g, '$1') ?? '';
        const key = `${role}\n${name}`;
        const nth = seen.get(key) ?? 0;
        seen.set(key, nth + 1);
        if (process.env.FIRST_CLICK_CONTROL && !name.includes(process.env.FIRST_CLICK_CONTROL)) continue;
        // A carousel thumbnail already showing its room has nothing to do: the others are pressed.
        if ((await locator.getAttribute('aria-pressed')) === 'true') continue;
        if ((role === 'radio' || role === 'checkbox') && (await locator.isChecked())) continue;
        controls.push({ role, name, nth });
      }
    }
    await probeContext.close();

    const fcps: number[] = [];
    const inControl: number[] = [];
    for (const control of controls) {
      const { context, page } = await newPage({ signedIn: target.signedIn, kind: control.role, throttled: true });
      let external: { at: number; outcome: string } | null = null as { at: number; outcome: string } | null;
      const started = Date.now();
      context.on('page', () => (external ??= { at: Date.now(), outcome: 'opened a new tab' }));
      page.on('download', () => (external ??= { at: Date.now(), outcome: 'started a download' }));
      // A photo's drop zone opens the system's picker: its job, which Playwright reports instead of showing.
      page.on('filechooser', () => (external ??= { at: Date.now(), outcome: 'opened the file picker' }));
      const row: Record<string, string | number> = {
        page: target.name,
        control: `${control.role} "${control.name}"${control.nth ? ` #${control.nth + 1}` : ''}`,
      };
      try {
        await page.goto(url, { waitUntil: 'commit' });
        const locator = page.getByRole(control.role, { name: control.name, exact: true }).nth(control.nth);
        // A photo's drop zone is a label over a visually hidden file input (its role is button): a person presses the zone.
        const pressed =
          (await locator.getAttribute('type', { timeout: 20_000 })) === 'file' ? page.locator('label').filter({ has: locator }) : locator;
        await pressed.click({ timeout: 20_000, noWaitAfter: true });
        let state: Recorded | null | undefined = null;
        const deadline = Date.now() + WAIT_MS;
        for (;;) {
          state = await page.evaluate(recorded).catch(() => null);
          if (state?.doneAt || state?.arrived || external || Date.now() > deadline) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        const first = await page.evaluate(recorded).catch(() => null);
        const pressAt = state?.arrived?.pressAt ?? state?.pressAt ?? null;
        const navStart = state?.arrived ? null : await page.evaluate(() => performance.timeOrigin).catch(() => null);
        const doneAt = state?.arrived?.at ?? state?.doneAt ?? external?.at ?? null;
        row['pressed at ms'] = pressAt && navStart ? Math.round(pressAt - navStart) : pressAt ? Math.round(pressAt - started) : '-';
        row['shown after ms'] = state?.shownAt && pressAt ? Math.round(state.shownAt - pressAt) : '-';
        row.result = state?.arrived?.outcome ?? state?.outcome ?? external?.outcome ?? (pressAt ? 'NOTHING' : 'not pressed');
        const doneAfter = doneAt && pressAt ? Math.round(doneAt - pressAt) : null;
        row['answered after ms'] = doneAfter ?? '-';
        if (doneAfter !== null && doneAfter > BUDGET.answerMs) {
          row.budget = 'SLOW';
          slow += 1;
        }
        if (!state?.arrived && first?.fcp && navStart) {
          fcps.push(first.fcp - navStart);
          if (first.hydratedAt) inControl.push(first.hydratedAt - first.fcp);
        }
      } catch (error) {
        row.result = `ERROR ${String((error as Error).message).split('\n')[0]}`;
      }
      failed ||= !/^(navigated|opened|aria|started|already|showed|now reads|checked|moved focus|said)/.test(String(row.result));
      rows.push(row);
      await context.close();
      // A press that ended the session (Logout) leaves the presses after it a new one: before, every later press
      // on /account and StyleLens met a signed-out page and timed out.
      if (target.signedIn && !(await stillSignedIn())) cookies = await signIn();
    }
    // First paint and scripts in control on a page left alone (the runs above leave it early when they navigate).
    for (let i = 0; i < 3; i++) {
      const { context, page } = await newPage({ signedIn: target.signedIn, throttled: true });
      await page.goto(url, { waitUntil: 'commit' });
      await page.waitForLoadState('load');
      if (!(await withoutReact(page))) await page.locator('#root[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });
      const state = await page.evaluate(() => ({
        ...(globalThis as { __firstClick?: Recorded }).__firstClick!,
        navStart: performance.timeOrigin,
      }));
      fcps.push((state.fcp ?? NaN) - state.navStart);
      // Scripts in control: from the first paint on, without React, on a page a visitor uses without it (0).
      inControl.push(state.hydratedAt === null && (await withoutReact(page)) ? 0 : (state.hydratedAt ?? NaN) - (state.fcp ?? NaN));
      await context.close();
    }
    const scriptsInControl = Math.round(median(inControl));
    pageRows.push({
      page: target.name,
      'first paint ms': Math.round(median(fcps)),
      'paint -> scripts in control ms': scriptsInControl,
      runs: inControl.length,
    });
  }
  const [one, five, fifteen] = loadavg().map((l) => l.toFixed(2));
  console.log(
    `first click: Chromium at ${PHONE.width} px, ${PHONE.latencyMs} ms RTT, ${PHONE.downBps / 1e6} Mbps down, CPU ${PHONE.cpu}x; ` +
      `one press per fresh page, ${WAIT_MS / 1000} s to answer; load average ${one} ${five} ${fifteen}`,
  );
  console.table(rows);
  console.table(pageRows);
  const answered = rows.filter((row) => typeof row['answered after ms'] === 'number').length;
  failed ||= slow > 0;
  console.log(
    `budget: every control does its job, on screen within ${BUDGET.answerMs} ms of the press: ${failed ? 'MISSED' : 'met'} ` +
      `(${rows.length} controls, ${answered} answered, ${slow} after more than ${BUDGET.answerMs} ms); this machine's ${describeSpeed(speed)}`,
  );
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
