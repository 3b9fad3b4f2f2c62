// /account ('Your Account') in a real browser against its own server, whose database is seeded before
// it starts: users with 13 saved designs, designs to delete and to save, and a subscription with a
// billing portal. Rows go straight into the database with real image files, so no generation runs.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { messages } from '@rv/contracts/messages';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { localCustomers, localSubscriptions, users } from '../apps/server/src/db/schema';
import { makeSeedPicture, seedDesign } from '../apps/server/test/seed-designs';
import { createLocalStorage } from '../apps/server/src/storage/local-storage';
import { createUser, outboxMail } from '../apps/server/test/fixtures';
import { newDesign } from './fixtures';
import { startSeededServer, type SeededServer } from './seeded-server';

const PASSWORD = 'account-e2e-password';
const USERS = {
  profile: 'acct.profile@example.com',
  usage: 'acct.usage@example.com',
  pager: 'acct.pager@example.com',
  deleter: 'acct.deleter@example.com',
  saver: 'acct.saver@example.com',
  viewer: 'acct.viewer@example.com',
  portal: 'acct.portal@example.com',
  leaver: 'acct.leaver@example.com',
} as const;

// One server for the file: its tests run in order in one worker, each with its own user.
test.describe.configure({ mode: 'default' });

let server: SeededServer;
const designIds: Record<string, string> = {};

async function seed(dataDir: string) {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  const { db } = database;
  const storage = createLocalStorage(path.join(dataDir, 'files'));
  const ids: Record<keyof typeof USERS, string> = {} as Record<keyof typeof USERS, string>;
  for (const [key, email] of Object.entries(USERS) as [keyof typeof USERS, string][])
    ids[key] = (await createUser(db, { email, name: `Acct ${key}`, password: PASSWORD })).id;
  const pictures = await Promise.all([20, 140, 260].map((hue) => makeSeedPicture({ hue })));
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);

  // 13 designs, each with one saved image of two: three pages of six.
  for (let i = 1; i <= 13; i++)
    await seedDesign(db, storage, pictures[i % 3]!, {
      userId: ids.pager,
      saved: [true, false],
      projectNameMap: { '0': `Pager design ${i}` },
      roomTypeMap: { '0': 'living-room' },
      createdAt: at(i),
    });
  designIds.twin = await seedDesign(db, storage, pictures[0]!, {
    userId: ids.deleter,
    saved: [true, true],
    projectNameMap: { '0': 'Twin Den A', '1': 'Twin Den B' },
    roomTypeMap: { '0': 'living-room', '1': 'living-room' },
    createdAt: at(1),
  });
  designIds.solo = await seedDesign(db, storage, pictures[1]!, {
    userId: ids.deleter,
    generated: 1,
    saved: [true],
    projectNameMap: { '0': 'Solo Study' },
    roomTypeMap: { '0': 'home-office' },
    createdAt: at(2),
  });
  await seedDesign(db, storage, pictures[2]!, { userId: ids.saver, saved: [false, false], createdAt: at(1) });
  designIds.viewer = await seedDesign(db, storage, pictures[1]!, {
    userId: ids.viewer,
    generated: 1,
    saved: [true],
    projectNameMap: { '0': 'Sunny Lounge' },
    createdAt: at(1),
  });

  const periodEnd = new Date(Date.now() + 20 * 24 * 3_600_000);
  await db.insert(localCustomers).values({ id: 'cus_acct_portal', email: USERS.portal, name: 'Acct portal' });
  await db.insert(localSubscriptions).values({
    id: 'sub_acct_portal',
    customerId: 'cus_acct_portal',
    status: 'active',
    clientSecret: 'seti_acct_portal_secret',
    currentPeriodEnd: periodEnd,
  });
  await db.update(users).set({ stripeCustomerId: 'cus_acct_portal', currentPeriodEnd: periodEnd }).where(eq(users.id, ids.portal));
  await database.close();
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startSeededServer('account', seed);
});

test.afterAll(() => server?.stop());

const at = (pathname: string) => `${server.url}${pathname}`;
const stored = (key: string) => existsSync(path.join(server.dataDir, 'files', key));

async function signIn(page: Page, email: string) {
  const res = await page.request.post(at('/api/login/password'), { data: { email, password: PASSWORD } });
  expect(res.status()).toBe(200);
}

/** Opens /account and waits for its content. */
async function openAccount(page: Page) {
  await page.goto(at('/account'));
  await expect(page.getByRole('heading', { name: 'Your Account', level: 1 })).toBeVisible({ timeout: 30_000 });
}

const tiles = (page: Page) => page.getByTestId('design-tile');

/** The e-mail-change link in the outbox message to `email` (the server writes mail to DATA_DIR/outbox). */
function confirmationLink(email: string): string | undefined {
  return outboxMail(server.dataDir, email)[0]?.match(/https?:\/\/[^\s"<>]+\/account\?confirm_email=[\w-]+/)?.[0];
}

test('the account shows as soon as its data is there (no hold), then Personal Information saves, and a refused save is reported as a failure', async ({
  page,
}) => {
  await signIn(page, USERS.profile);
  // No hold (the spec's 5-second hold was a wait on purpose, ADR 035): that the page shows with no time passing
  // on its clock is proven in `apps/web/src/app/routes/account.test.tsx`; how soon after navigation it shows on
  // a phone is a bench figure (`npm run bench lighthouse`). A wall-clock bound here measured the machine's load.
  await page.goto(at('/account'));
  await expect(page.getByRole('heading', { name: 'Your Account', level: 1 })).toBeVisible();

  const personal = page.getByRole('region', { name: 'Personal Information' });
  await personal.getByRole('button', { name: 'Edit' }).click();
  await personal.getByLabel('Name').fill('Robin Renamed');
  await personal.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(messages.account.profileUpdated)).toBeVisible();
  await expect(personal.getByTestId('profile-name')).toHaveText('Robin Renamed');
  expect((await (await page.request.get(at('/api/user-profile'))).json()).name).toBe('Robin Renamed');

  // An e-mail without @ never leaves the browser.
  await personal.getByRole('button', { name: 'Edit' }).click();
  await personal.getByLabel('Email', { exact: true }).fill('robin.example.com');
  await personal.getByRole('button', { name: 'Save' }).click();
  await expect(personal.getByRole('alert')).toHaveText(messages.validation.invalidEmail);
  await personal.getByRole('button', { name: 'Cancel' }).click();
  await expect(personal.getByTestId('profile-email')).toHaveText(USERS.profile);

  // The picker refuses what is not an image...
  await personal.getByRole('button', { name: 'Edit' }).click();
  await personal.getByLabel('Change photo').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(personal.getByRole('alert')).toHaveText(messages.validation.onlyImages);
  // ...and the server refuses a file that only claims to be one: the page says it failed, not that it saved.
  await personal.getByLabel('Name').fill('Should Not Save');
  await personal
    .getByLabel('Change photo')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from('plain text pretending to be a photo') });
  await personal.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(messages.account.profileUpdateFailed)).toBeVisible();
  await expect(page.getByText(messages.validation.onlyImages)).toBeVisible();
  await expect(page.getByText(messages.account.profileUpdated)).toHaveCount(0);
  const unchanged = await (await page.request.get(at('/api/user-profile'))).json();
  expect(unchanged).toMatchObject({ name: 'Robin Renamed', userAvatarStorageUrl: null });

  // A real picture is saved and shown.
  const avatar = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#7c3aed' } })
    .png()
    .toBuffer();
  await personal.getByLabel('Change photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: avatar });
  await personal.getByLabel('Name').fill('Robin Pictured');
  await personal.getByRole('button', { name: 'Save' }).click();
  await expect(personal.getByTestId('profile-name')).toHaveText('Robin Pictured');
  await expect(personal.getByRole('img', { name: 'Robin Pictured profile picture' })).toHaveAttribute('src', /^\/api\/files\/avatars\//);

  // A new e-mail waits for the link sent to it; the link (opening /account) completes the change.
  const newEmail = 'acct.profile.new@example.com';
  await personal.getByRole('button', { name: 'Edit' }).click();
  await personal.getByLabel('Email', { exact: true }).fill(newEmail);
  await personal.getByRole('button', { name: 'Save' }).click();
  await expect(personal.getByText(`We sent a confirmation link to ${newEmail}`)).toBeVisible();
  await expect(personal.getByTestId('profile-email')).toHaveText(USERS.profile);
  await expect.poll(() => confirmationLink(newEmail), { timeout: 20_000 }).toBeTruthy();
  const link = confirmationLink(newEmail)!;
  // The link's page says which account the address joins and changes nothing until the press (ADR 032).
  await page.goto(link);
  await expect(page.getByText(messages.emailChange.joins(newEmail, USERS.profile))).toBeVisible({ timeout: 30_000 });
  expect((await (await page.request.get(at('/api/user-profile'))).json()).email).toBe(USERS.profile);
  await page.getByRole('button', { name: messages.emailChange.confirm }).click();
  await expect(page.getByText(`Your e-mail address is now ${newEmail}.`)).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/account$/);
  await expect(personal.getByTestId('profile-email')).toHaveText(newEmail, { timeout: 30_000 });
});

test('on a phone, the page does not shift when its data comes after its loading screen (CLS under 0.02)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, USERS.viewer);
  // The page's calls answer 700 ms late, so the loading screen is on screen first, as on a slow network.
  await page.route('**/api/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  // Every layout shift not caused by a press, from the first paint on (the page's own measure, as CLS sums it).
  await page.addInitScript({
    content:
      'window.__shift=0;new PerformanceObserver(function(l){l.getEntries().forEach(function(e){if(!e.hadRecentInput)window.__shift+=e.value})}).observe({type:"layout-shift",buffered:true});',
  });
  await page.goto(at('/account'));
  await expect(page.getByText('Loading your account...')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your Account', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(tiles(page).first()).toBeVisible();
  // Two frames: a shift is reported once the frame that made it is drawn.
  await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
  expect(await page.evaluate('window.__shift')).toBeLessThan(0.02);
});

test('Subscription & Billing: the usage bar matches used / limit after a design', async ({ page }) => {
  await signIn(page, USERS.usage);
  await newDesign(page, { styleDescription: 'sage green scandinavian', origin: server.url });
  const profile = await (await page.request.get(at('/api/user-profile'))).json();
  expect(profile.transformationsUsed).toBe(1);

  await openAccount(page);
  const billing = page.getByRole('region', { name: 'Subscription & Billing' });
  await expect(billing.getByTestId('subscription-status')).toHaveText('active');
  await expect(billing.getByTestId('subscription-status')).toHaveClass(/bg-green-100/);
  await expect(billing.getByText('Room Visualizer Pro')).toBeVisible();
  await expect(billing.getByTestId('usage-text')).toHaveText(`1 / ${profile.transformationsLimit} transformations`);
  const bar = billing.getByRole('progressbar', { name: 'Monthly usage' });
  await expect(bar).toHaveAttribute('aria-valuenow', '1');
  await expect(bar).toHaveAttribute('aria-valuemax', String(profile.transformationsLimit));
  const ratio = await billing
    .getByTestId('usage-bar')
    .evaluate((el) => el.getBoundingClientRect().width / el.parentElement!.getBoundingClientRect().width);
  expect(ratio).toBeCloseTo(1 / profile.transformationsLimit, 2);
  await expect(billing.getByRole('link', { name: 'Furnishing & Decorating' })).toHaveAttribute('href', '/furnishing-decorating');
  await expect(billing.getByRole('link', { name: 'Kitchen & Bathroom' })).toHaveAttribute('href', '/kitchen-bathroom');

  // The design waits under Auto-saved Designs, not yet in My Designs.
  await expect(page.getByText(messages.empty.noSavedDesigns)).toBeVisible();
});

test('My Designs pages through 13 saved designs, 6 a page, loading thumbnails only', async ({ page }, testInfo) => {
  const files: { url: string; bytes: number }[] = [];
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/files/'))
      files.push({ url: response.url(), bytes: (await response.body().catch(() => Buffer.alloc(0))).length });
  });
  await signIn(page, USERS.pager);
  await openAccount(page);
  const designs = page.getByRole('region', { name: 'My Designs' });
  const pages = designs.getByRole('navigation', { name: 'My Designs pages' });
  await expect(tiles(page)).toHaveCount(6);
  await expect(pages.getByText('Page 1 of 3')).toBeVisible();
  await expect(tiles(page).first()).toContainText('Pager design 1');
  await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
  // The thumbnails on screen, each loaded (a tile's share dialog, closed, holds its image unloaded until opened).
  const thumbnails = designs.locator('img').filter({ visible: true });
  await expect(thumbnails).toHaveCount(6);
  for (const thumbnail of await thumbnails.all()) {
    await expect(thumbnail).toHaveJSProperty('complete', true);
    await expect(thumbnail).not.toHaveJSProperty('naturalWidth', 0);
  }

  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(pages.getByText('Page 2 of 3')).toBeVisible();
  await expect(tiles(page)).toHaveCount(6);
  await expect(tiles(page).first()).toContainText('Pager design 7');
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(pages.getByText('Page 3 of 3')).toBeVisible();
  await expect(tiles(page)).toHaveCount(1);
  await expect(tiles(page).first()).toContainText('Pager design 13');
  await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
  await pages.getByRole('button', { name: 'Previous' }).click();
  await expect(pages.getByText('Page 2 of 3')).toBeVisible();

  // Thumbnails only: every image the page fetched is a -thumb.webp, far smaller than the full images.
  await page.waitForLoadState('networkidle');
  expect(files.length).toBeGreaterThanOrEqual(13);
  expect(files.filter((f) => !/-thumb\.webp$/.test(new URL(f.url).pathname))).toEqual([]);
  const thumbBytes = files.reduce((sum, f) => sum + f.bytes, 0);
  const fullBytes = files.reduce((sum, f) => {
    const key = decodeURIComponent(new URL(f.url).pathname.replace('/api/files/', '').replace(/-thumb\.webp$/, '.webp'));
    return sum + statSync(path.join(server.dataDir, 'files', key)).size;
  }, 0);
  const report = `My Designs, pages 1-3: ${files.length} images, ${(thumbBytes / 1024).toFixed(0)} KiB transferred as thumbnails; the same images at full size would be ${(fullBytes / 1024).toFixed(0)} KiB`;
  console.log(report);
  testInfo.annotations.push({ type: 'bytes', description: report });
  expect(thumbBytes * 4).toBeLessThan(fullBytes);

  // Grid or list on a wide screen; a grid is forced below 768 px.
  await designs.getByRole('button', { name: 'List view' }).click();
  await expect(page.getByTestId('my-designs-list')).toHaveAttribute('data-layout', 'list');
  await page.setViewportSize({ width: 600, height: 900 });
  await expect(page.getByTestId('my-designs-list')).toHaveAttribute('data-layout', 'grid');
  await expect(designs.getByRole('button', { name: 'List view' })).toHaveCount(0);
});

for (const phone of [
  { kind: "Lighthouse's", width: 412, height: 823, deviceScaleFactor: 1.75 },
  // Most phones draw 3 pixels per CSS pixel: a room's column (358 px) was 1,074 of them, over the 720-px
  // thumbnail, and each room fetched its full result.
  { kind: 'most', width: 390, height: 844, deviceScaleFactor: 3 },
]) {
  test(`on a phone of ${phone.kind} kind (${phone.width} px at ${phone.deviceScaleFactor}x), the account fetches thumbnails only, its homes' rooms included`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: { width: phone.width, height: phone.height },
      deviceScaleFactor: phone.deviceScaleFactor,
      isMobile: true,
    });
    const page = await context.newPage();
    const files: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/files/')) files.push(new URL(request.url()).pathname);
    });
    await signIn(page, USERS.pager);
    await openAccount(page);
    const rooms = page.getByRole('region', { name: 'Your homes' }).getByRole('list', { name: 'Rooms' }).getByRole('img');
    await expect(rooms).toHaveCount(13);
    // Every room brought on screen, so that each lazy image is fetched.
    for (const room of await rooms.all()) {
      await room.scrollIntoViewIfNeeded();
      await expect(room).not.toHaveJSProperty('naturalWidth', 0);
    }
    await page.waitForLoadState('networkidle');
    expect(files.filter((file) => file.includes('/generated-')).length).toBeGreaterThanOrEqual(13);
    expect(files.filter((file) => !/-thumb\.webp$/.test(file))).toEqual([]);
    await context.close();
  });
}

test('deleting one image of a multi-image design and a whole single-image design: gone from every list and from storage', async ({
  page,
}) => {
  const { twin, solo } = designIds;
  await signIn(page, USERS.deleter);
  await openAccount(page);
  await expect(tiles(page)).toHaveCount(3);

  await page.getByRole('button', { name: 'Delete Twin Den B' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Design' });
  await expect(dialog).toContainText('The design’s other images stay');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Image deleted')).toBeVisible();
  await expect(tiles(page)).toHaveCount(2);
  await expect(page.getByText('Twin Den B')).toHaveCount(0);
  expect(stored(`designs/${twin}/generated-2.webp`)).toBe(false);
  expect(stored(`designs/${twin}/generated-2-thumb.webp`)).toBe(false);
  expect(stored(`designs/${twin}/generated-1.webp`)).toBe(true);

  await page.getByRole('button', { name: 'Delete Solo Study' }).click();
  await expect(dialog).toContainText('the whole design and its original photo are removed');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Design deleted')).toBeVisible();
  await expect(tiles(page)).toHaveCount(1);
  await expect(tiles(page)).toContainText('Twin Den A');
  for (const name of ['original', 'original-thumb', 'generated-1', 'generated-1-thumb'])
    expect(stored(`designs/${solo}/${name}.webp`)).toBe(false);

  await page.getByRole('button', { name: 'Auto-saved Designs' }).click();
  const autoSaved = page.getByRole('dialog', { name: 'Auto-saved Designs' });
  await expect(autoSaved.getByTestId('auto-saved-tile')).toHaveCount(1);
  await expect(autoSaved).toContainText('Twin Den A');
  const all = await (await page.request.get(at('/api/room-designs?page=1&limit=6&scope=all'))).json();
  expect(all.result.map((d: { id: string }) => d.id)).toEqual([twin]);
  expect(all.result[0].refinedImageStorageUrls).toHaveLength(1);
});

test('an auto-saved image is saved to My Designs from the modal', async ({ page }) => {
  await signIn(page, USERS.saver);
  await openAccount(page);
  await expect(page.getByText(messages.empty.noSavedDesigns)).toBeVisible();

  await page.getByRole('button', { name: 'Auto-saved Designs' }).click();
  const autoSaved = page.getByRole('dialog', { name: 'Auto-saved Designs' });
  await expect(autoSaved.getByTestId('auto-saved-tile')).toHaveCount(2);
  await autoSaved.getByRole('button', { name: 'Save Untitled design, image 1' }).click();

  const save = page.getByRole('dialog', { name: 'Save To My Designs' });
  await save.getByRole('button', { name: 'Save Design' }).click();
  await expect(save.getByText('Design Name is required')).toBeVisible();
  await save.getByLabel('Design Name *').fill('Cellar Dream');
  await save.getByLabel('Room Type').selectOption('Other');
  await save.getByRole('button', { name: 'Save Design' }).click();
  await expect(save.getByText(messages.validation.otherRoomTypeRequired)).toBeVisible();
  await save.getByLabel('Other room type').fill('Wine Cellar');
  await save.getByLabel('Notes (Optional)').fill('Dark oak racks');
  await save.getByRole('button', { name: 'Save Design' }).click();
  await expect(page.getByText(messages.account.designSaved('Cellar Dream'))).toBeVisible();
  await expect(save).toBeHidden();

  await expect(autoSaved.getByTestId('auto-saved-tile').first()).toContainText('Saved');
  await expect(autoSaved.getByRole('button', { name: 'Save Untitled design, image 2' })).toBeVisible();
  await autoSaved.getByRole('button', { name: 'Close' }).click();
  await expect(tiles(page)).toHaveCount(1);
  await expect(tiles(page)).toContainText('Cellar Dream');
  await expect(tiles(page)).toContainText('Wine cellar');
  const [design] = (await (await page.request.get(at('/api/room-designs?page=1&limit=6'))).json()).result;
  expect(design).toMatchObject({
    refinedSaveStatusList: [true, false],
    projectNameMap: { '0': 'Cellar Dream' },
    roomTypeMap: { '0': 'wine-cellar' },
    notesMap: { '0': 'Dark oak racks' },
  });
});

test('the zoom preview shows the full image, and a tile opens its results page', async ({ page }) => {
  await signIn(page, USERS.viewer);
  await openAccount(page);
  await page.getByRole('button', { name: 'Preview Sunny Lounge' }).click();
  const preview = page.getByRole('dialog', { name: 'Sunny Lounge' });
  const full = preview.getByRole('img', { name: 'Sunny Lounge, full size' });
  await expect(full).toBeVisible();
  await expect(full).toHaveAttribute('src', new RegExp(`/api/files/designs/${designIds.viewer}/generated-1\\.webp$`));
  await expect(full).toHaveJSProperty('naturalWidth', 1600);
  await preview.getByRole('button', { name: 'Close preview' }).click();
  await expect(preview).toBeHidden();

  await page.getByRole('link', { name: 'Open Sunny Lounge' }).click();
  await expect(page).toHaveURL(new RegExp(`/furnishing-decorating/design/${designIds.viewer}$`));
});

test('Manage Subscription reaches the billing portal', async ({ page }) => {
  await signIn(page, USERS.portal);
  await openAccount(page);
  const billing = page.getByRole('region', { name: 'Subscription & Billing' });
  await expect(billing.getByTestId('next-billing-date')).not.toHaveText('Not scheduled');
  await billing.getByRole('button', { name: 'Manage Subscription' }).click();
  await expect(page).toHaveURL(/\/local-payments\/portal\/bps_/);
  await expect(page.getByTestId('portal-status')).toHaveText('active');
  await page.getByRole('link', { name: 'Return to Room Visualizer' }).click();
  await expect(page).toHaveURL(/\/account$/);
});

test('without a session the page asks to log in; Logout signs out and goes home', async ({ page }) => {
  await page.goto(at('/account'));
  await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 });
  await expect(page.getByText(messages.auth.pleaseLogIn)).toBeVisible();

  await signIn(page, USERS.leaver);
  await openAccount(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText(messages.auth.loggedOutTitle, { exact: true })).toBeVisible();
  await expect(page.getByText(messages.auth.loggedOut)).toBeVisible();
  await expect(page).toHaveURL(`${server.url}/`);
  expect((await page.request.get(at('/api/user-profile'))).status()).toBe(401);
});
