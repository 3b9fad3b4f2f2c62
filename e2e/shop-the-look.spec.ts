import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { drawRoom } from '../apps/server/src/engines/fidelity/test-rooms';
import { signInWithPassword } from './fixtures';
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
  // Decor pieces in the design's own colours are listed too.
  await expect(items.getByRole('button', { name: /rug/ })).toBeVisible();

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
