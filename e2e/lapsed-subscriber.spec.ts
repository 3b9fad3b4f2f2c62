// A subscriber whose subscription ended keeps their designs (view, save, download, share) but no paid
// action: on their results page Refine, Fix Room and 'Change only here' give way to a notice with the way
// back to the plan, and My Designs' preview offers no painting that could not be used. The same pages of
// an active subscriber show those controls, so the journey fails if the check stops telling them apart.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { messages } from '@rv/contracts/messages';
import { resultsPagePath } from '@rv/contracts/pages';
import { makeSeedPicture, seedDesign } from '../apps/server/test/seed-designs';
import { openDatabase } from '../apps/server/src/db/client';
import { createLocalStorage } from '../apps/server/src/storage/local-storage';
import { createUser } from '../apps/server/test/fixtures';
import { startSeededServer, type SeededServer } from './seeded-server';

const PASSWORD = 'lapsed-e2e-password';
const LAPSED = 'lapsed.owner@example.com';
const ACTIVE = 'active.owner@example.com';

test.describe.configure({ mode: 'default' });

let server: SeededServer;
const designIds: Record<'lapsed' | 'active', string> = { lapsed: '', active: '' };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startSeededServer('lapsed', async (dataDir) => {
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    const storage = createLocalStorage(path.join(dataDir, 'files'));
    const picture = await makeSeedPicture({ hue: 90 });
    const lapsed = await createUser(database.db, { email: LAPSED, name: 'Lee Lapsed', subscriptionStatus: 'canceled', password: PASSWORD });
    const active = await createUser(database.db, { email: ACTIVE, name: 'Ari Active', subscriptionStatus: 'active', password: PASSWORD });
    designIds.lapsed = await seedDesign(database.db, storage, picture, {
      userId: lapsed.id,
      saved: [true, false],
      projectNameMap: { '0': 'Old Lounge' },
    });
    designIds.active = await seedDesign(database.db, storage, picture, {
      userId: active.id,
      saved: [true, false],
      projectNameMap: { '0': 'New Lounge' },
    });
    await database.close();
  });
});

test.afterAll(() => server?.stop());

async function signIn(page: Page, email: string) {
  const res = await page.request.post(`${server.url}/api/login/password`, { data: { email, password: PASSWORD } });
  expect(res.status()).toBe(200);
}

const refineRegion = (page: Page) => page.getByRole('region', { name: 'Want something different? Refine your design' });
const fixRoom = (page: Page) => page.getByText("Room architecture doesn't match your original?");

test('a lapsed subscriber sees their design with a notice instead of Refine, Fix Room and the brush', async ({ page }) => {
  await signIn(page, LAPSED);
  await page.goto(`${server.url}${resultsPagePath('furnishing', designIds.lapsed)}`);
  const notice = page.getByRole('status').filter({ hasText: messages.billing.noToolAccess });
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('group', { name: 'AI-generated design' })).toBeVisible();
  await expect(refineRegion(page)).toHaveCount(0);
  await expect(fixRoom(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: messages.refineMask.changeOnlyHere })).toHaveCount(0);

  // The notice's link leads to the plan.
  await notice.getByRole('link', { name: 'See the plan' }).click();
  await expect(page).toHaveURL(/\/#pricing$/);
});

test("a lapsed subscriber's My Designs preview offers no painting", async ({ page }) => {
  await signIn(page, LAPSED);
  await page.goto(`${server.url}/account`);
  const previewButton = page.getByRole('button', { name: 'Preview Old Lounge' });
  await expect(previewButton).toBeVisible({ timeout: 30_000 });
  // The preview asks whether its owner may refine; the brush is judged once that answer is in.
  const accessAnswer = page.waitForResponse((response) => response.url().endsWith('/api/check-tool-access'));
  await previewButton.click();
  expect(await (await accessAnswer).json()).toEqual({ hasAccess: false });
  const preview = page.getByRole('dialog', { name: 'Old Lounge' });
  await expect(preview.getByRole('img', { name: 'Old Lounge, full size' })).toBeVisible();
  await expect(preview.getByRole('button', { name: messages.refineMask.changeOnlyHere })).toHaveCount(0);
});

test('an active subscriber sees Refine, Fix Room and the brush on the same pages, and no notice', async ({ page }) => {
  await signIn(page, ACTIVE);
  await page.goto(`${server.url}${resultsPagePath('furnishing', designIds.active)}`);
  await expect(refineRegion(page)).toBeVisible({ timeout: 30_000 });
  await expect(fixRoom(page)).toBeVisible();
  await expect(page.getByRole('button', { name: messages.refineMask.changeOnlyHere }).first()).toBeVisible();
  await expect(page.getByText(messages.billing.noToolAccess)).toHaveCount(0);

  await page.goto(`${server.url}/account`);
  await page.getByRole('button', { name: 'Preview New Lounge' }).click({ timeout: 30_000 });
  await expect(
    page.getByRole('dialog', { name: 'New Lounge' }).getByRole('button', { name: messages.refineMask.changeOnlyHere }),
  ).toBeVisible();
});
