import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { CAROUSEL } from '@rv/contracts/constants';
import { readJson } from '@rv/contracts/json';
import { messages } from '@rv/contracts/messages';
import { expect } from '@playwright/test';
import { z } from 'zod';
import { test } from './own-address';

test.describe('landing page', () => {
  test('the carousel advances every 4 s and a thumbnail click holds it for 8 s', async ({ page }) => {
    // The page's clock stands still until the test moves it.
    const start = new Date('2026-01-01T10:00:00Z');
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 60_000));
    await page.goto('/');
    // The room shown: the stylesheet shows the slide whose radio is checked; the rotation is the press rules',
    // started by the page's inline keeper: a visitor's landing turns without React (ADR 068).
    const slide = page.getByTestId('carousel-slide');
    const showing = (index: number) => expect(slide.locator(`[data-slide="${index}"]`)).toBeVisible();
    await showing(0);
    await page.getByRole('radio', { name: /Show sample 2/ }).click();
    await showing(1);
    await page.clock.runFor(CAROUSEL.pauseAfterClickMs - 300);
    await showing(1);
    await page.clock.runFor(600);
    await showing(2 % CAROUSEL.rooms);

    // Then on its own, every 4 s from that step (made 300 ms before the clock stood here).
    await page.clock.runFor(CAROUSEL.intervalMs - 600);
    await showing(2 % CAROUSEL.rooms);
    await page.clock.runFor(600);
    await showing(3 % CAROUSEL.rooms);
    // The room shown is the one read out; the others are hidden from assistive technology.
    await expect(slide.locator(`[data-slide="${3 % CAROUSEL.rooms}"]`)).not.toHaveAttribute('aria-hidden');
    await expect(slide.locator(`[data-slide="${(3 + 1) % CAROUSEL.rooms}"]`)).toHaveAttribute('aria-hidden', 'true');
    await expect(page.getByRole('radiogroup', { name: 'Choose a sample room' }).getByRole('radio')).toHaveCount(CAROUSEL.rooms);
    // Every sample is a real photograph, each named in docs/images/SOURCES.md: no drawing beside "look like photographs" (issue 51).
    const sources = readFileSync(new URL('../docs/images/SOURCES.md', import.meta.url), 'utf8');
    const shown = await Promise.all((await slide.locator('img').all()).map(async (image) => (await image.getAttribute('src')) ?? ''));
    expect(shown.length).toBeGreaterThanOrEqual(CAROUSEL.rooms);
    for (const file of shown) expect(sources).toContain(`\`${file.split('/').pop()}\``);
  });

  test('#pricing scrolls to the pricing card with Subscribe Now', async ({ page }) => {
    await page.goto('/#pricing');
    const card = page.getByRole('article').filter({ hasText: 'Beta Launch Special' });
    await expect(card).toBeInViewport();
    await expect(card).toContainText('$12');
    await expect(card).toContainText('30 room transformations per month');
    await expect(card).toContainText('Furniture shopping recommendations');
    await expect(page.getByRole('button', { name: 'Subscribe Now' })).toBeVisible();
  });

  test('Get Started brings the pricing card into view', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started' }).click();
    await expect(page.getByRole('button', { name: 'Subscribe Now' })).toBeInViewport();
  });

  test('has a title, description and Open Graph tags', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Room Visualizer/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /architecture/);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /og-image/);
  });
});

test.describe('the landing on a phone, before any script has run (ADR 038)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a visitor uses the whole landing without a script: a thumbnail shows its room, the rotation turns, Subscribe Now asks for the name and e-mail and goes on to the checkout (ADR 068)', async ({
    page,
  }) => {
    // Every script is held back, and none is asked for: only the HTML, its stylesheet and the inline keeper answer.
    const scripts: string[] = [];
    await page.route(/\/assets\/[\w.-]+\.js$/, (route) => {
      scripts.push(route.request().url());
      return new Promise(() => {});
    });
    await page.goto('/');
    const slide = page.getByTestId('carousel-slide');
    await expect(slide.locator('[data-slide="0"]')).toBeVisible();
    await page.getByRole('radio', { name: /Show sample 2/ }).click();
    await expect(slide.locator('[data-slide="1"]')).toBeVisible();
    await expect(slide.locator('[data-slide="0"]')).toBeHidden();
    const html = await (await page.request.get('/', { headers: { cookie: '' } })).text();
    expect(html).not.toMatch(/<script[^>]* src=/);
    expect(html).not.toMatch(/<link[^>]*modulepreload/);

    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start your subscription' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Full name *').fill('Robin Hood');
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    // The spec's message, at once, and the focus on the field left empty.
    await expect(dialog.getByRole('alert')).toHaveText(
      `${messages.validation.missingInformationTitle}: ${messages.validation.missingInformation}`,
    );
    await expect(dialog.getByLabel('Email *')).toBeFocused();
    await dialog.getByLabel('Email *').fill('robin@example.com');
    expect(scripts).toEqual([]);
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/\/checkout\?name=Robin\+Hood&email=robin%40example\.com$/);
  });
});

for (const [device, screen] of [
  ['a phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
  ['a desktop', { viewport: { width: 1280, height: 800 } }],
] as const) {
  test.describe(`the visitor's landing on ${device}, with only the rules its HTML uses (ADR 069)`, () => {
    test.use(screen);

    test('looks as it does with the whole stylesheet: as it opens, with the menu open, and with the subscribe dialog and its message', async ({
      browser,
      request,
    }) => {
      // The server works out the landing's own rules after its first answer (ADR 069).
      await expect.poll(async () => (await request.get('/')).text()).toContain('id="page-stylesheet"');
      // Two visits side by side, every script held back in both; the second adds the whole stylesheet, as the
      // keeper does when a press starts the scripts. Each step of the first must paint what the second paints.
      const visit = async (whole: boolean) => {
        const context = await browser.newContext(screen);
        const page = await context.newPage();
        // The carousel stands still: both show the first room.
        const start = new Date('2026-01-01T10:00:00Z');
        await page.clock.install({ time: start });
        await page.clock.pauseAt(new Date(start.getTime() + 60_000));
        await page.route(/\/assets\/[\w.-]+\.js$/, () => new Promise(() => {}));
        await page.goto('/');
        const href = readJson(z.string(), (await page.locator('#page-stylesheet').textContent()) ?? '');
        expect(href).toMatch(/^\/assets\/[\w.-]+\.css$/);
        if (whole) await page.addStyleTag({ url: href! });
        return { page, close: () => context.close() };
      };
      const own = await visit(false);
      const whole = await visit(true);
      // The same picture: no pixel differs by more than a rounded corner's antialiasing does between two paints (1-2 of 255).
      // Both at the top of the page: where a click scrolled to is the test's doing (Playwright scrolls a button in a
      // modal dialog into view by scrolling the page behind it), and a modal's backdrop covers the window where it is.
      const same = async (step: string) => {
        const [mine, theirs] = await Promise.all(
          [own, whole].map(async ({ page }) => {
            await page.evaluate('scrollTo(0, 0)');
            const shot = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
            return sharp(shot).raw().toBuffer({ resolveWithObject: true });
          }),
        );
        expect([mine!.info.width, mine!.info.height], step).toEqual([theirs!.info.width, theirs!.info.height]);
        const differing = mine!.data.filter((value, index) => Math.abs(value - theirs!.data[index]!) > 8).length;
        expect(differing, `${step}: channels that differ`).toBe(0);
      };
      await same('as it opens');
      for (const { page } of [own, whole]) {
        const menu = page.getByRole('button', { name: /menu/i });
        if (await menu.isVisible()) await menu.click();
      }
      await same('the menu open');
      for (const { page } of [own, whole]) {
        // Escape closes the menu, without a script too: the keeper's rule (the first script's once it runs).
        await page.keyboard.press('Escape');
        const menu = page.getByRole('button', { name: /menu/i });
        if (await menu.isVisible()) await expect(menu).toHaveAttribute('aria-expanded', 'false');
        await page.getByRole('button', { name: 'Subscribe Now' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Continue to payment' }).click();
        await expect(page.getByRole('dialog').getByRole('alert')).toBeVisible();
      }
      await same('the subscribe dialog with its message');
      await own.close();
      await whole.close();
    });
  });
}

test.describe('how it works', () => {
  test('shows the walkthrough and the pricing card without the shopping item, and links back', async ({ page }) => {
    await page.goto('/how-it-works');
    await expect(page.getByRole('heading', { name: 'How it works', level: 1 })).toBeVisible();
    await expect(page.getByText('Walkthrough: from room photo to redesign')).toBeVisible();
    const card = page.getByRole('article').filter({ hasText: 'Beta Launch Special' });
    await expect(card).toContainText('Kitchen & bathroom tool');
    await expect(card).not.toContainText('Furniture shopping recommendations');
    await page.getByRole('link', { name: 'Subscribe Now' }).click();
    await expect(page).toHaveURL(/\/#pricing$/);
    await page.goto('/how-it-works');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
