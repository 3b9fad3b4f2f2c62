import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { drawRoom, type RoomDrawing } from '@rv/testing/test-rooms';
import { readZip } from '../apps/server/test/read-zip';
import { signInWithPassword, transformationsUsed } from './fixtures';
import { E2E_USERS } from './users';

/** A drawn room as a JPEG for a form's photo field, in its own colours (another room of the home). */
const room = async (name: string, colours: RoomDrawing['colours'] = {}) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp(await drawRoom({ width: 480, height: 360, colours }))
    .jpeg()
    .toBuffer(),
});

/**
 * Whole home, one look (issue 49): a living room is designed; its look goes with a photo of another room to
 * a new design, which shows the look and its consistency figure; both rooms sit side by side under one home,
 * which downloads as one ZIP and, once shared, opens as one page for a visitor (and not before).
 */
test('a living room, its look in another room, both under one home: ZIP, shared page, and a visitor without the share gets nothing', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signInWithPassword(page, E2E_USERS.homeMaker);
  await page.goto('/furnishing-decorating');
  await page.getByLabel('Room photo').setInputFiles(await room('living-room.jpg'));
  await page.getByLabel('Style', { exact: true }).fill('sage green and warm oak');
  await page.getByText('Architectural Changes').click();
  await page.getByRole('radio', { name: 'No' }).check();
  await page.getByRole('button', { name: 'Create My Room Makeover' }).click();
  await expect(page).toHaveURL(/\/furnishing-decorating\/design\/[\w-]+$/, { timeout: 90_000 });
  const livingRoomPath = new URL(page.url()).pathname;

  await page
    .getByRole('button', { name: /^Use this look in another room/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/furnishing-decorating\?look=[\w-]+$/);
  const lookBox = page.getByLabel('The look you are using');
  await expect(lookBox.getByText('Using the look of your room')).toBeVisible();
  await expect(lookBox.getByRole('list', { name: 'Palette, measured from the image' }).getByRole('listitem').first()).toBeVisible();
  // How credits count, before the press (ADR 065).
  await expect(page.getByText('A room given as 2-4 photos is one design and uses one room transformation')).toBeVisible();

  const before = await transformationsUsed(page);
  await page
    .getByLabel('Room photo')
    .setInputFiles(await room('hall.jpg', { backWall: '#7f93b4', sideWalls: '#6d82a3', floor: '#4a4a52' }));
  await page.getByText('Architectural Changes').click();
  await page.getByRole('radio', { name: 'No' }).check();
  await page.getByRole('button', { name: 'Create My Room Makeover' }).click();
  await expect(page).toHaveURL(/\/furnishing-decorating\/design\/[\w-]+$/, { timeout: 90_000 });
  expect(new URL(page.url()).pathname).not.toBe(livingRoomPath);
  const section = page.getByRole('region', { name: 'Whole home, one look' });
  await expect(section.getByTestId('look-summary')).toBeVisible();
  await expect(section.getByTestId('consistency')).toHaveText(
    /^(Matches your room closely|Somewhat like your room|Differs from your room) \(palette distance \d+\.\d in CIEDE2000/,
  );
  expect(await transformationsUsed(page)).toBe(before + 1);

  // Both rooms side by side under one home.
  await page.goto('/account');
  const home = page.getByRole('article', { name: 'My home' });
  await expect(home.getByRole('list', { name: 'Rooms' }).getByRole('listitem')).toHaveCount(2);
  await expect(home.getByRole('list', { name: 'Rooms' }).getByRole('img')).toHaveCount(2);

  // The home as one ZIP: a folder per room, with its photo and its results.
  const downloading = page.waitForEvent('download');
  await home.getByRole('link', { name: 'Download home (ZIP)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('my-home.zip');
  const names = readZip(readFileSync((await download.path())!)).map((entry) => entry.name);
  expect(names).toEqual(
    expect.arrayContaining(['01-room/room-photo-1.webp', '01-room/result-1.webp', '02-room/room-photo-1.webp', '02-room/result-1.webp']),
  );

  // Private by default: a visitor with the address but no share gets nothing.
  const homeId = (await (await page.request.get('/api/homes')).json()).homes[0].id as string;
  const visitor = await browser.newContext();
  const visit = await visitor.newPage();
  await visit.goto(`/homes/${homeId}`);
  await expect(visit.getByRole('heading', { name: 'Home not found' })).toBeVisible();
  expect((await visit.request.get(`/api/homes/${homeId}/download`)).status()).toBe(404);

  await home.getByRole('button', { name: 'Share home' }).click();
  const link = home.getByTestId('home-share-link');
  await expect(link).toHaveText(new RegExp(`/homes/${homeId}$`));
  await visit.goto(new URL(await link.innerText()).pathname);
  await expect(visit.getByRole('heading', { name: 'A home, room by room' })).toBeVisible();
  const rooms = visit.getByRole('list', { name: 'Rooms' }).getByRole('img');
  await expect(rooms).toHaveCount(2);
  for (const image of await rooms.all())
    await expect.poll(() => image.evaluate((img) => (img as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
  await visitor.close();
});

/** A home of three rooms, on a phone and on a desktop, for the closing note (HOME_SHOTS_DIR names the folder). */
test('a home of three rooms on a phone and a desktop', async ({ page }) => {
  test.skip(!process.env.HOME_SHOTS_DIR, 'screenshots only when HOME_SHOTS_DIR is set');
  test.setTimeout(240_000);
  await signInWithPassword(page, E2E_USERS.homeMaker);
  const homes = (await (await page.request.get('/api/homes')).json()).homes as { id: string; rooms: { designId: string }[] }[];
  const homeId = homes[0]!.id;
  for (let n = homes[0]!.rooms.length; n < 3; n++) {
    const made = await page.request.post('/api/room-design', {
      multipart: {
        architecturalChanges: 'no',
        styleDescription: 'sage green and warm oak',
        roomPhoto: await room(`room-${n}.jpg`, { backWall: '#c9a27e' }),
      },
      timeout: 120_000,
    });
    expect(made.status()).toBe(200);
  }
  for (const [name, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1440, height: 900 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto(`/homes/${homeId}`);
    await expect(page.getByRole('list', { name: 'Rooms' }).getByRole('listitem')).toHaveCount(3);
    for (const image of await page.getByRole('list', { name: 'Rooms' }).getByRole('img').all())
      await expect.poll(() => image.evaluate((img) => (img as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
    await page.screenshot({ path: path.join(process.env.HOME_SHOTS_DIR!, `home-of-three-${name}.png`), fullPage: true });
  }
});
