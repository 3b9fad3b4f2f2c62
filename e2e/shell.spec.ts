import { messages } from '@rv/contracts/messages';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { holdScripts, inboxFor, storedFiles } from './fixtures';

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the header is in the page before any script runs, and the app replaces it with the live one', async ({ browser, page }) => {
  const noScripts = await browser.newContext({ javaScriptEnabled: false });
  const bare = await noScripts.newPage();
  await bare.goto('/how-it-works');
  const header = bare.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Room Visualizer' })).toHaveAttribute('href', '/');
  await expect(header.getByRole('link', { name: 'How it works' })).toHaveAttribute('href', '/how-it-works');
  await expect(header.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  await noScripts.close();

  await page.goto('/how-it-works');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(1);
  await page.getByRole('banner').getByRole('link', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('on a phone, a page the browser draws (/create-account) opens its menu at the first press, before any script, and keeps it open when React draws the page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const release = await holdScripts(page);
  await page.goto('/create-account', { waitUntil: 'commit' });
  const menu = page.getByRole('button', { name: 'Menu' });
  await menu.click();
  // The app shell's header: the inline keeper opens its menu.
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('banner').getByRole('link', { name: 'How it works' }).last()).toBeVisible();
  expect(await page.locator('#root').getAttribute('data-hydrated')).toBeNull();
  release();
  // React draws the page in the shell's place, its menu open as the person left it.
  await expect(page.getByRole('main')).toBeVisible();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('banner').getByRole('link', { name: 'How it works' }).last()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
});

test('the footer with Report a bug is absent on / and present elsewhere', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('app-footer')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Report a bug' })).toHaveCount(0);
  for (const path of ['/how-it-works', '/missing-page']) {
    await page.goto(path);
    await expect(page.getByTestId('app-footer')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Report a bug' })).toBeVisible();
  }
});

test('a visitor’s bug report is submitted and stored with its screenshot, and mails no one', async ({ page }) => {
  const email = `reporter-${Date.now()}@example.com`;
  const screenshot = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  await page.goto('/how-it-works');
  await page.getByRole('button', { name: 'Report a bug' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report a bug' });
  const submit = dialog.getByRole('button', { name: 'Submit Report' });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('What happened? *').fill('   ');
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('What happened? *').fill('The walkthrough video does not play');
  await dialog.getByLabel('Your email (optional)').fill(email);
  await dialog.getByLabel('Screenshots (optional)').setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: screenshot });
  const before = storedFiles('bug-reports').length;
  await submit.click();
  await expect(page.getByText(messages.bugReport.submitted)).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(storedFiles('bug-reports').length).toBe(before + 1);
  // No mail to an address nobody proved (the API test bug-reports.test.ts waits for the mail job to prove it).
  expect(inboxFor(email)).toHaveLength(0);
});
