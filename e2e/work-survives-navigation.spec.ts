// Work survives navigation (ADR 054), on a phone: a tool form keeps its photos and words across
// Back, Forward and a reload (its draft, in the browser's IndexedDB), and a new StyleLens its photos; Back while a design is made leaves the
// design findable, shown on return, with one credit used; Back with a dialog open closes the dialog and
// stays on the page, and a dialog closed by its button leaves no entry for Back to land on.
import { messages } from '@rv/contracts/messages';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { test } from './own-address';
import { roomJpeg, signInWithPassword, transformationsUsed } from './fixtures';
import { E2E_USERS } from './users';

const itemPng = async () => ({
  name: 'armchair.png',
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 120, height: 90, channels: 3, background: '#2e7d32' } })
    .png()
    .toBuffer(),
});
const RESULTS = /\/furnishing-decorating\/design\/[\w-]+$/;

/**
 * How many photos the browser keeps in its IndexedDB for the draft `name` (lib/draft-store.ts): a reload
 * begun while they are still being written would find them missing, as it would for a person.
 */
const keptPhotos = (page: Page, name: string) =>
  // A script of the page's own (the e2e project is compiled without the DOM's types).
  page.evaluate<number>(`new Promise((resolve) => {
    const opened = indexedDB.open('rv-drafts');
    opened.onsuccess = () => {
      const database = opened.result;
      if (!database.objectStoreNames.contains('files')) return resolve(0);
      const keys = database.transaction('files').objectStore('files').getAllKeys();
      keys.onsuccess = () => resolve(keys.result.filter((key) => String(key).includes(${JSON.stringify(`/${name}\u0000`)})).length);
      keys.onerror = () => resolve(0);
    };
    opened.onerror = () => resolve(0);
  })`);

test.describe('phone: work survives navigation', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a form with two photos and its words survives Back, Forward and a reload; Clear form empties it for good', async ({ page }) => {
    test.setTimeout(90_000);
    await signInWithPassword(page, E2E_USERS.drafter);
    await page.goto('/space-selection');
    await page.getByRole('link', { name: /Furnishing & Decorating/ }).click();
    await expect(page.getByRole('heading', { name: 'Furnishing & Decorating', level: 1 })).toBeVisible();
    await page.getByLabel('Room photo').setInputFiles(await roomJpeg());
    await page.getByLabel('Furniture & decor photos').setInputFiles(await itemPng());
    await page.getByLabel('Item 1 description').fill('green velvet armchair');
    await page.getByLabel('Style', { exact: true }).fill('sage green scandinavian');
    await expect(page.getByAltText('Preview of armchair.png')).toBeVisible();

    const restored = async () => {
      await expect(page.getByText(messages.drafts.restored)).toBeVisible();
      await expect(page.getByAltText('Preview of room.jpg')).toBeVisible();
      await expect(page.getByAltText('Preview of armchair.png')).toBeVisible();
      await expect(page.getByLabel('Item 1 description')).toHaveValue('green velvet armchair');
      await expect(page.getByLabel('Style', { exact: true })).toHaveValue('sage green scandinavian');
    };
    await page.goBack();
    await expect(page).toHaveURL(/\/space-selection$/);
    await page.goForward();
    await expect(page).toHaveURL(/\/furnishing-decorating$/);
    await restored();

    // A reload, then a closed tab: the draft is in the browser's IndexedDB.
    await expect.poll(() => keptPhotos(page, 'furnishing')).toBe(2);
    await page.reload();
    await restored();
    const tab = await page.context().newPage();
    await page.close();
    await tab.goto('/furnishing-decorating');
    await expect(tab.getByText(messages.drafts.restored)).toBeVisible();
    await expect(tab.getByAltText('Preview of room.jpg')).toBeVisible();

    await tab.getByRole('button', { name: messages.drafts.clear }).click();
    await expect(tab.getByAltText('Preview of room.jpg')).toHaveCount(0);
    await expect(tab.getByLabel('Style', { exact: true })).toHaveValue('');
    await tab.reload();
    await expect(tab.getByRole('heading', { name: 'Furnishing & Decorating', level: 1 })).toBeVisible();
    // React runs the page (the draft would be read now): nothing comes back.
    await expect(tab.locator('#root[data-hydrated]')).toHaveCount(1);
    await expect(tab.getByLabel('Style', { exact: true })).toHaveValue('');
    await expect(tab.getByAltText('Preview of room.jpg')).toHaveCount(0);
    await expect(tab.getByText(messages.drafts.restored)).toHaveCount(0);
  });

  test("a new StyleLens' photos survive a reload, in their order", async ({ page }) => {
    await signInWithPassword(page, E2E_USERS.lensDrafter);
    await page.goto('/style-lens');
    const photo = async (n: number) => ({
      name: `style-${n}.png`,
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 100, height: 60, channels: 3, background: n % 2 ? '#1f2e50' : '#c2643c' } })
        .png()
        .toBuffer(),
    });
    await page.getByLabel('Style photos', { exact: true }).setInputFiles(await Promise.all([1, 2, 3, 4, 5].map(photo)));
    const photos = page.getByRole('list', { name: 'Your style photos' }).getByRole('img');
    await expect(photos).toHaveCount(5);
    await expect.poll(() => keptPhotos(page, 'style-lens')).toBe(5);
    await page.reload();
    await expect(page.getByText(messages.drafts.restored)).toBeVisible();
    await expect(photos).toHaveCount(5);
    expect(await photos.evaluateAll((images) => images.map((image) => image.getAttribute('alt')))).toEqual(
      [1, 2, 3, 4, 5].map((n) => `Style photo ${n}: style-${n}.png`),
    );
    await expect(page.getByRole('button', { name: 'Analyse My Style' })).toBeEnabled();
  });

  test('Back while a design is made: the design is made once, one credit used, and shown where the person comes back', async ({ page }) => {
    test.setTimeout(120_000);
    await signInWithPassword(page, E2E_USERS.leaver);
    const before = await transformationsUsed(page);
    // The server makes the design as usual; its answer is held until the person has left the page.
    let release!: () => void;
    const left = new Promise<void>((resolve) => (release = resolve));
    let answered!: () => void;
    const answerGiven = new Promise<void>((resolve) => (answered = resolve));
    await page.route('**/api/designs/room-design', async (route) => {
      const response = await route.fetch({ timeout: 120_000 });
      await left;
      await route.fulfill({ response });
      answered();
    });

    await page.goto('/space-selection');
    await page.getByRole('link', { name: /Furnishing & Decorating/ }).click();
    await page.getByLabel('Room photo').setInputFiles(await roomJpeg());
    await page.getByLabel('Style', { exact: true }).fill('warm japandi');
    await page.getByText('Architectural Changes').click();
    await page.getByRole('radio', { name: 'No' }).check();
    await page.getByRole('button', { name: 'Create My Room Makeover' }).click();
    await expect(page.getByRole('progressbar', { name: 'Design progress' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/space-selection$/);
    release();
    await answerGiven;

    // Coming back: My Designs says the design is ready and links to it; the credit was used once.
    await page.goto('/account');
    const notice = page.getByRole('status').filter({ hasText: messages.leftDesign.ready });
    await expect(notice).toBeVisible({ timeout: 20_000 });
    const link = notice.getByRole('link', { name: messages.leftDesign.view });
    await expect(link).toHaveAttribute('href', RESULTS);
    expect(await transformationsUsed(page)).toBe(before + 1);
    // The tool page says so too, and its form starts empty: the draft went once the design was made.
    await page.goto('/furnishing-decorating');
    await expect(page.getByRole('status').filter({ hasText: messages.leftDesign.ready })).toBeVisible();
    await expect(page.getByLabel('Style', { exact: true })).toHaveValue('');
    await expect(page.getByText(messages.drafts.restored)).toHaveCount(0);
    await page.getByRole('status').getByRole('link', { name: messages.leftDesign.view }).click();
    await expect(page).toHaveURL(RESULTS);
    await expect(page.getByRole('heading', { name: 'AI-Generated Design' })).toBeVisible();
    expect(await transformationsUsed(page)).toBe(before + 1);
  });

  test('Back with a dialog open closes it and stays on the page; a dialog closed by its button leaves nothing for Back', async ({
    page,
  }) => {
    await signInWithPassword(page, E2E_USERS.dialogBack);
    await page.goto('/space-selection');
    await page.getByRole('link', { name: /Furnishing & Decorating/ }).click();
    const heading = page.getByRole('heading', { name: 'Furnishing & Decorating', level: 1 });
    await expect(heading).toBeVisible();
    // React runs the page (its router would hear a Back that the dialogs' entries did not catch).
    await expect(page.locator('#root[data-hydrated]')).toHaveCount(1);

    // The Tutorial: a native dialog, opened by its button's invoker command.
    const tutorial = page.getByRole('dialog', { name: 'Tutorial: photographing your room' });
    await page.getByRole('button', { name: 'Tutorial' }).click();
    await expect(tutorial).toBeVisible();
    await page.goBack();
    await expect(tutorial).toBeHidden();
    await expect(page).toHaveURL(/\/furnishing-decorating$/);
    await expect(heading).toBeVisible();

    // Opened and closed by its button: one Back then leaves the page, as it would have without the dialog.
    await page.getByRole('button', { name: 'Tutorial' }).click();
    await expect(tutorial).toBeVisible();
    await tutorial.getByRole('button', { name: 'Close' }).click();
    await expect(tutorial).toBeHidden();
    await page.goBack();
    await expect(page).toHaveURL(/\/space-selection$/);

    // A dialog React draws (the account's Delete account): Back asks it to close, as Escape does.
    await page.goto('/account');
    await page.getByRole('button', { name: messages.privacy.deleteAccount }).click();
    const deletion = page.getByRole('dialog', { name: messages.privacy.deleteTitle });
    await expect(deletion).toBeVisible();
    await page.goBack();
    await expect(deletion).toHaveCount(0);
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { name: 'Your Account', level: 1 })).toBeVisible();
  });
});
