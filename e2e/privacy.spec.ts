// Privacy in a real browser against its own server, seeded before it starts: a subscriber with a paid
// (local) subscription and a design with real image files downloads their data, then deletes the account.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { messages } from '@rv/contracts/messages';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { localCustomers, localSubscriptions, subscriptions, users } from '../apps/server/src/db/schema';
import { readZip } from '../apps/server/test/read-zip';
import { makeSeedPicture, seedDesign } from '../apps/server/test/seed-designs';
import { createLocalStorage } from '../apps/server/src/storage/local-storage';
import { createUser } from '../apps/server/test/fixtures';
import { startSeededServer, type SeededServer } from './seeded-server';

const PASSWORD = 'privacy-e2e-password';
const SUBSCRIBER = 'privacy.leaver@example.com';
const SUBSCRIPTION_ID = 'sub_local_privacy_leaver';

test.describe.configure({ mode: 'default' });

let server: SeededServer;
let designId = '';

async function seed(dataDir: string) {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  const { db } = database;
  const { id } = await createUser(db, { email: SUBSCRIBER, name: 'Pat Privacy', password: PASSWORD });
  const periodEnd = new Date(Date.now() + 20 * 24 * 3_600_000);
  await db.insert(localCustomers).values({ id: 'cus_local_privacy_leaver', email: SUBSCRIBER, name: 'Pat Privacy' });
  await db.insert(localSubscriptions).values({
    id: SUBSCRIPTION_ID,
    customerId: 'cus_local_privacy_leaver',
    status: 'active',
    clientSecret: 'sub_local_privacy_leaver_secret',
    currentPeriodEnd: periodEnd,
  });
  await db.insert(subscriptions).values({
    id: SUBSCRIPTION_ID,
    customerId: 'cus_local_privacy_leaver',
    email: SUBSCRIBER,
    status: 'active',
    currentPeriodEnd: periodEnd,
  });
  await db
    .update(users)
    .set({ stripeCustomerId: 'cus_local_privacy_leaver', stripeSubscriptionId: SUBSCRIPTION_ID, currentPeriodEnd: periodEnd })
    .where(eq(users.id, id));
  const storage = createLocalStorage(path.join(dataDir, 'files'));
  designId = await seedDesign(db, storage, await makeSeedPicture({ hue: 200 }), {
    userId: id,
    saved: [true, false],
    projectNameMap: { '0': 'Sunny Den' },
    roomTypeMap: { '0': 'living-room' },
  });
  await database.close();
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startSeededServer('privacy', seed);
});

test.afterAll(() => server?.stop());

const at = (pathname: string) => `${server.url}${pathname}`;

test('a subscriber downloads all their data, then deletes the account: signed out, files gone, the e-mail can no longer sign in', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const signIn = await page.request.post(at('/api/login/password'), { data: { email: SUBSCRIBER, password: PASSWORD } });
  expect(signIn.status()).toBe(200);
  await page.goto(at('/account'));
  await expect(page.getByRole('heading', { name: 'Your Account', level: 1 })).toBeVisible({ timeout: 30_000 });
  const yourData = page.getByRole('region', { name: messages.privacy.sectionTitle });
  await expect(yourData).toBeVisible();

  // Download my data: one dated ZIP holding the records and the design's images.
  const downloading = page.waitForEvent('download');
  await yourData.getByRole('button', { name: messages.privacy.downloadData }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^room-visualizer-data-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(page.getByText(messages.privacy.exportStarted)).toBeVisible();
  const entries = readZip(readFileSync((await download.path())!));
  const names = entries.map((e) => e.name);
  expect(names).toEqual(expect.arrayContaining(['README.txt', 'profile.json', 'designs.json', 'homes.json', 'bug-reports.json']));
  const folder = names.find((n) => /^designs\/\d{4}-\d{2}-\d{2}-sunny-den-\w+\/original\.webp$/.test(n))!.replace('/original.webp', '');
  expect(names).toEqual(
    expect.arrayContaining([`${folder}/result-1.webp`, `${folder}/result-2.webp`, `${folder}/thumbnails/original.webp`]),
  );
  const profile = JSON.parse(entries.find((e) => e.name === 'profile.json')!.data.toString('utf8'));
  expect(profile.profile).toMatchObject({ email: SUBSCRIBER, name: 'Pat Privacy' });
  expect(profile.subscription).toMatchObject({ status: 'active', paymentProviderSubscriptionId: SUBSCRIPTION_ID });
  expect(JSON.parse(entries.find((e) => e.name === 'designs.json')!.data.toString('utf8'))).toMatchObject([{ id: designId, folder }]);

  // Delete account: a wrong e-mail is refused with the server's reason and the dialog stays open.
  await yourData.getByRole('button', { name: messages.privacy.deleteAccount }).click();
  const dialog = page.getByRole('dialog', { name: messages.privacy.deleteTitle });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(messages.privacy.deleteConfirmLabel).fill('someone.else@example.com');
  await dialog.getByRole('button', { name: messages.privacy.deleteAccount }).click();
  await expect(dialog.getByRole('alert')).toHaveText(messages.privacy.deleteEmailMismatch);
  await expect(dialog).toBeVisible();
  expect((await page.request.get(at('/api/user-profile'))).status()).toBe(200);

  // The right e-mail deletes everything, says so, and lands on the home page signed out.
  await dialog.getByLabel(messages.privacy.deleteConfirmLabel).fill(SUBSCRIBER);
  await dialog.getByRole('button', { name: messages.privacy.deleteAccount }).click();
  await expect(page.getByText(messages.privacy.accountDeleted)).toBeVisible();
  await page.waitForURL(at('/'));
  expect((await page.request.get(at('/api/user-profile'))).status()).toBe(401);
  expect(existsSync(path.join(server.dataDir, 'files', 'designs', designId, 'original.webp'))).toBe(false);
  const cookies = await page.context().cookies(server.url);
  expect(cookies.filter((c) => c.name.includes('session_token'))).toEqual([]);

  // That e-mail can no longer sign in, by link or by password.
  await page.goto(at('/login'));
  await page.getByLabel('Email', { exact: true }).fill(SUBSCRIBER);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText(messages.auth.noAccount)).toBeVisible();
  const password = await page.request.post(at('/api/login/password'), { data: { email: SUBSCRIBER, password: PASSWORD } });
  expect(password.status()).toBe(401);
});

test('the privacy page is linked from the footer, says what is stored and for how long, and passes axe', async ({ page }) => {
  await page.goto(at('/'));
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(at('/privacy'));
  await expect(page.getByRole('heading', { name: 'Privacy', level: 1 })).toBeVisible();
  for (const heading of [
    'What we store',
    'Your photos keep no metadata',
    'How long we keep it',
    'Download your data',
    'Delete your account',
  ])
    await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
  await expect(page.getByRole('row', { name: /Sign-in links/ })).toContainText('10 minutes');
  await expect(page.getByRole('row', { name: /Sign-in sessions/ })).toContainText('14 days');
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // The app pages' footer links it too.
  await page.goto(at('/how-it-works'));
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Privacy' }).click();
  await expect(page.getByRole('heading', { name: 'Privacy', level: 1 })).toBeVisible();
});
