import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { drawRoom } from '@rv/testing/test-rooms';
import { shareDesign, signInWithPassword } from './fixtures';
import { E2E_USERS } from './users';

test('shop the look: a design with a green velvet sofa lists it; picking it shows the stores of the chosen country, each searching its own site for it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInWithPassword(page, E2E_USERS.shopper);
  await page.goto('/furnishing-decorating');
  await page.getByLabel('Room photo').setInputFiles({
    name: 'room.jpg',
    mimeType: 'image/jpeg',
    buffer: await sharp(await drawRoom({ width: 480, height: 360 }))
      .jpeg()
      .toBuffer(),
  });
  await page.getByLabel('Furniture & decor photos').setInputFiles({
    name: 'sofa.png',
    mimeType: 'image/png',
    buffer: await sharp({ create: { width: 120, height: 90, channels: 3, background: '#2e7d32' } })
      .png()
      .toBuffer(),
  });
  await page.getByLabel('Item 1 description').fill('Green velvet sofa');
  await page.getByText('Architectural Changes').click();
  await page.getByRole('radio', { name: 'No' }).check();
  await page.getByRole('button', { name: 'Create My Room Makeover' }).click();
  await expect(page).toHaveURL(/\/furnishing-decorating\/design\/[\w-]+$/, { timeout: 60_000 });

  await page.getByRole('button', { name: 'Shop for These Items' }).click();
  const dialog = page.getByRole('dialog', { name: 'Shop for These Items' });
  const items = dialog.getByRole('region', { name: 'Items in this design' });
  await expect(items.getByRole('button', { name: /green velvet sofa/ })).toBeVisible();
  // Only what the image shows: the sofa put into the room, no decor the engine never drew.
  await expect(items.locator('button[aria-pressed]')).toHaveCount(1);

  await dialog.getByLabel('Country').selectOption('UK');
  await items.getByRole('button', { name: /green velvet sofa/ }).click();
  await expect(items.getByRole('button', { name: /green velvet sofa/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByLabel('Category')).toHaveValue('Furniture');
  await expect(dialog.getByLabel('Furniture type')).toHaveValue('Sofa');

  const stores = dialog.getByRole('region', { name: 'Stores' });
  const ikea = stores.getByRole('link', { name: /Search IKEA for green velvet sofa/ });
  await expect(ikea).toBeVisible();
  expect(await ikea.getAttribute('href')).toBe('https://www.ikea.com/gb/en/search/?q=green%20velvet%20sofa');
  expect(await ikea.getAttribute('target')).toBe('_blank');
  expect(await ikea.getAttribute('rel')).toBe('noopener noreferrer');
  // Every search link stays on its store's own site, in the chosen country.
  for (const href of await stores
    .getByRole('link', { name: /^Search / })
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
    const url = new URL(href!);
    expect(url.protocol).toBe('https:');
    expect(url.toString()).toMatch(/green(%20|\+|-)velvet/i);
  }

  // An item typed freely.
  await dialog.getByLabel('Or type an item').fill('jute rug & "boho" cushions');
  await dialog.getByRole('button', { name: 'Find stores' }).click();
  await expect(stores.getByRole('link', { name: /Search .+ for jute rug & "boho" cushions/ }).first()).toBeVisible();
});

test('the items are listed in the analysis and can be shopped from My Designs’ preview and by a visitor of the shared page', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInWithPassword(page, E2E_USERS.lookSharer);
  const made = await page.request.post('/api/room-design', {
    multipart: {
      architecturalChanges: 'no',
      styleDescription: 'warm terracotta',
      furnitureData: JSON.stringify([{ description: 'Rattan armchair', placement: 'by the window' }]),
      roomPhoto: {
        name: 'room.jpg',
        mimeType: 'image/jpeg',
        buffer: await sharp(await drawRoom({ width: 480, height: 360 }))
          .jpeg()
          .toBuffer(),
      },
      furniturePhotos: {
        name: 'chair.png',
        mimeType: 'image/png',
        buffer: await sharp({ create: { width: 120, height: 90, channels: 3, background: '#b5651d' } })
          .png()
          .toBuffer(),
      },
    },
    timeout: 60_000,
  });
  expect(made.status()).toBe(200);
  const { designId } = await made.json();
  const path = `/furnishing-decorating/design/${designId}`;

  // The results page's analysis lists the items with their details.
  await page.goto(path);
  const analysis = page.getByRole('region', { name: 'Design Analysis' });
  await expect(
    analysis.getByRole('list', { name: 'Items in this design' }).getByText('rattan armchair', { exact: false }).first(),
  ).toBeVisible();

  // Save image 1, then shop from its preview in My Designs.
  const design = await (await page.request.get(`/api/room-design/${designId}`)).json();
  const first = design.designImages.find((image: { position: number | null }) => image.position === 0);
  const saved = await page.request.patch(`/api/designs/${designId}/images/${first.id}`, { data: { saved: true, name: 'Sunroom' } });
  expect(saved.status()).toBe(200);
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Your Account', level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Preview Sunroom' }).click();
  await page.getByRole('button', { name: 'Shop for These Items' }).click();
  const fromPreview = page.getByRole('dialog', { name: 'Shop for These Items' });
  await expect(
    fromPreview.getByRole('region', { name: 'Items in this design' }).getByRole('button', { name: /rattan armchair/i }),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  // A visitor of the shared page shops by typing or by category, and sees nothing about the owner: not the item
  // the owner described in their own words (ADR 057), which is the only one this design shows.
  await shareDesign(page.request, designId);
  const context = await browser.newContext({ baseURL });
  const visitor = await context.newPage();
  await visitor.goto(path);
  await visitor.getByRole('button', { name: 'Shop for These Items' }).click();
  const dialog = visitor.getByRole('dialog', { name: 'Shop for These Items' });
  await dialog.getByLabel('Country').selectOption('USA');
  const listed = dialog.getByRole('region', { name: 'Items in this design' });
  await expect(listed.getByText('No items were listed for this design. Type one below, or browse stores by category.')).toBeVisible();
  await expect(listed.getByText(/rattan armchair/i)).toHaveCount(0);
  await dialog.getByLabel('Category').selectOption('Furniture');
  await dialog.getByLabel('Or type an item').fill('cane lounge chair');
  await dialog.getByRole('button', { name: 'Find stores' }).click();
  const links = dialog.getByRole('region', { name: 'Stores' }).getByRole('link', { name: /^Search .+ for / });
  await expect(links.first()).toBeVisible();
  expect(new URL((await links.first().getAttribute('href'))!).protocol).toBe('https:');
  await expect(visitor.getByText(E2E_USERS.lookSharer.email)).toHaveCount(0);
  await expect(visitor.getByText(E2E_USERS.lookSharer.name)).toHaveCount(0);
  await context.close();
});

test.describe('on a phone in London, in British English', () => {
  test.use({ locale: 'en-GB', timezoneId: 'Europe/London', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the shop starts in the UK with prices in GBP, the price range narrows the list, and no store runs off the screen', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInWithPassword(page, E2E_USERS.ukShopper);
    const made = await page.request.post('/api/room-design', {
      multipart: {
        architecturalChanges: 'no',
        furnitureData: JSON.stringify([{ description: 'Dark green velvet armchair with brass legs', placement: 'by the window' }]),
        roomPhoto: { name: 'room.jpg', mimeType: 'image/jpeg', buffer: await sharp(await drawRoom({ width: 480, height: 360 })).jpeg().toBuffer() },
        furniturePhotos: {
          name: 'chair.png',
          mimeType: 'image/png',
          buffer: await sharp({ create: { width: 120, height: 90, channels: 3, background: '#1f4d2b' } })
            .png()
            .toBuffer(),
        },
      },
      timeout: 60_000,
    });
    expect(made.status()).toBe(200);
    const { designId } = await made.json();
    await page.goto(`/furnishing-decorating/design/${designId}`);
    await page.getByRole('button', { name: 'Shop for These Items' }).click();
    const dialog = page.getByRole('dialog', { name: 'Shop for These Items' });
    // No profile location and a local address: the browser's own zone and language choose the UK.
    await expect(dialog.getByLabel('Country')).toHaveValue('UK');
    await expect(dialog.getByText('Prices in GBP (£), the currency of UK stores.')).toBeVisible();
    await expect(dialog.getByLabel('Price range').locator('option', { hasText: '££ Mid-range' })).toHaveCount(1);

    // The armchair is a chair, and picking it asks for mid-range stores selling chairs.
    const armchair = dialog.getByRole('region', { name: 'Items in this design' }).getByRole('button', { name: /armchair/ });
    await armchair.click();
    await expect(dialog.getByLabel('Furniture type')).toHaveValue('Table & Chairs');
    await expect(dialog.getByLabel('Price range')).toHaveValue('$$ Mid-range');
    const stores = dialog.getByRole('region', { name: 'Stores' }).getByRole('listitem');
    await expect(stores.first()).toBeVisible();
    const prices = await dialog.getByRole('region', { name: 'Stores' }).getByLabel(/^Price /).allTextContents();
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) {
      // Pounds, and a range that covers the mid-range: never a $ store nor a £££–££££ one.
      expect(price).not.toContain('$');
      expect(price === '££' || /^£{1,2}–£{2,4}$/.test(price), price).toBe(true);
    }
    // Every store's button stays inside its card and the screen.
    for (const card of await stores.all()) {
      const box = (await card.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      const link = (await card.getByRole('link').boundingBox())!;
      expect(link.x + link.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
    }

    // Another country is one choice away, and reads in its own currency.
    await dialog.getByLabel('Country').selectOption('Australia');
    await expect(dialog.getByText('Prices in AUD ($), the currency of Australia stores.')).toBeVisible();
  });
});
