import { readFileSync } from 'node:fs';
import { CAROUSEL } from '@rv/contracts/constants';
import { expect } from '@playwright/test';
import { test } from './own-address';

test.describe('landing page', () => {
  test('the carousel advances every 4 s and a thumbnail click holds it for 8 s', async ({ page }) => {
    // The page's clock stands still until the test moves it.
    const start = new Date('2026-01-01T10:00:00Z');
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 60_000));
    await page.goto('/');
    // Pressed as soon as the server's page is on screen (before its scripts run): the press is not lost.
    const slide = page.getByTestId('carousel-slide');
    await expect(slide).toHaveAttribute('data-active-index', '0');
    // A thumbnail is a radio input the stylesheet answers (ADR 038); React takes the choice over.
    await page.getByRole('radio', { name: /Show sample 2/ }).click();
    await expect(slide).toHaveAttribute('data-active-index', '1');
    await page.clock.runFor(CAROUSEL.pauseAfterClickMs - 300);
    await expect(slide).toHaveAttribute('data-active-index', '1');
    await page.clock.runFor(600);
    await expect(slide).toHaveAttribute('data-active-index', String(2 % CAROUSEL.rooms));

    // Then on its own, every 4 s.
    await page.clock.runFor(CAROUSEL.intervalMs - 200);
    await expect(slide).toHaveAttribute('data-active-index', String(2 % CAROUSEL.rooms));
    await page.clock.runFor(400);
    await expect(slide).toHaveAttribute('data-active-index', String(3 % CAROUSEL.rooms));
    await expect(page.getByRole('radiogroup', { name: 'Choose a sample room' }).getByRole('radio')).toHaveCount(CAROUSEL.rooms);
    // Every sample is a real photograph, each named in docs/images/SOURCES.md: no drawing beside "look like photographs" (issue 51).
    const sources = readFileSync(new URL('../docs/images/SOURCES.md', import.meta.url), 'utf8');
    const shown = await slide
      .locator('img')
      .evaluateAll((images) => images.map((image) => new URL((image as unknown as { src: string }).src).pathname));
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
    await expect(page.getByRole('link', { name: 'Subscribe Now' })).toBeVisible();
  });

  test('Get Started brings the pricing card into view', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started' }).click();
    await expect(page.getByRole('link', { name: 'Subscribe Now' })).toBeInViewport();
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

  test('a thumbnail shows its room, Subscribe Now goes to the checkout, and no script was fetched before the first paint', async ({
    page,
  }) => {
    // Every script of the page is held back: only the HTML, its stylesheet and the inline keeper answer.
    const scripts: string[] = [];
    await page.route(/\/assets\/[\w.-]+\.js$/, (route) => {
      scripts.push(route.request().url());
      return new Promise(() => {});
    });
    // Not until `load`: a script the keeper asks for before it (once the largest image has painted) holds
    // the page's load event for as long as the script is held, here for ever.
    await page.goto('/', { waitUntil: 'commit' });
    const slide = page.getByTestId('carousel-slide');
    await expect(slide.locator('[data-slide="0"]')).toBeVisible();
    await page.getByRole('radio', { name: /Show sample 2/ }).click();
    await expect(slide.locator('[data-slide="1"]')).toBeVisible();
    await expect(slide.locator('[data-slide="0"]')).toBeHidden();
    // The first script is asked for by the inline keeper once the largest image has painted, never by the HTML itself.
    await expect.poll(() => scripts.length).toBeGreaterThan(0);
    const html = await (await page.request.get('/')).text();
    expect(html).not.toMatch(/<script[^>]* src=/);
    expect(html).not.toMatch(/<link[^>]*modulepreload/);

    await page.getByRole('link', { name: 'Subscribe Now' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    expect(scripts.every((url) => !url.includes('landing-'))).toBe(true);
  });
});

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
