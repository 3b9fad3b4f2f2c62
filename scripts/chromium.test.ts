import { chromium } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_LAUNCH } from './chromium';

/** The features a `--disable-features` switch names. */
const featuresOf = (switchText: string) =>
  switchText
    .replace(/^--disable-features=/, '')
    .replaceAll('"', '')
    .split(',');

describe('the browser the tests and benches launch', () => {
  it('keeps every feature Playwright turns off turned off, and makes no unseen address-bar popups for a new context', async () => {
    const browser = await chromium.launch(CHROMIUM_LAUNCH);
    try {
      const cdp = await browser.newBrowserCDPSession();
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto('chrome://version/?show-variations-cmd');
      const version = await page.locator('body').innerText();
      // The command line Chromium was given: Playwright's own `--disable-features` comes first, ours after it.
      const given = version.match(/--disable-features=[^"\s]\S*/g) ?? [];
      expect(given.length).toBe(2);
      // What Chromium made of it: only the last switch counts.
      const effective = version.match(/--disable-features="[^"]*"/)?.[0];
      expect(effective).toBeDefined();
      expect(featuresOf(effective!)).toEqual(expect.arrayContaining(featuresOf(given[0]!)));
      const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { type: string; url: string }[] };
      expect(targetInfos.filter((target) => target.url.startsWith('chrome://omnibox-popup'))).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
