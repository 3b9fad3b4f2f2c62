import AxeBuilder from '@axe-core/playwright';
import { STYLE_LENS } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { brokenJpeg, numberProperty, signInWithPassword } from './fixtures';
import { startSlowEngineServer, type SeededServer } from './seeded-server';
import { E2E_USERS } from './users';

const NAVY = '#1f2e50';
const CREAM = '#eee0c2';
const TERRACOTTA = '#c2643c';
const SAGE = '#9caf88';
const SETS: [string, string][] = [
  [NAVY, CREAM],
  [NAVY, TERRACOTTA],
  [CREAM, NAVY],
  [TERRACOTTA, CREAM],
  [SAGE, NAVY],
  [NAVY, CREAM],
  [CREAM, TERRACOTTA],
  [SAGE, CREAM],
  [NAVY, SAGE],
  [TERRACOTTA, NAVY],
  [CREAM, SAGE],
];

/** style-{n}.png: a photo of two known colours side by side, 70 / 30. */
async function stylePhoto(n: number) {
  const [main, accent] = SETS[(n - 1) % SETS.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="60"><rect width="70" height="60" fill="${main}"/><rect x="70" width="30" height="60" fill="${accent}"/></svg>`;
  return { name: `style-${n}.png`, mimeType: 'image/png', buffer: await sharp(Buffer.from(svg)).png().toBuffer() };
}
const stylePhotos = (...numbers: number[]) => Promise.all(numbers.map(stylePhoto));

const zoneInput = (page: Page) => page.getByLabel('Style photos', { exact: true });
const photoList = (page: Page) => page.getByRole('list', { name: 'Your style photos' });
/** The file names of the chosen photos, in their order on the page. */
const photoOrder = async (page: Page) =>
  (
    await photoList(page)
      .getByRole('img')
      .evaluateAll((images) => images.map((image) => image.getAttribute('alt') ?? ''))
  ).map((alt) => alt.replace(/^Style photo \d+: /, ''));
const marker = (page: Page, n: number) =>
  page
    .getByRole('list', { name: 'Progress markers' })
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`^${n}:`) });
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test('create a StyleLens from 6 photos (reordered by keyboard and mouse, one removed, one added), land on it saved on the account page, edit it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInWithPassword(page, E2E_USERS.stylist);

  await page.goto('/account');
  const section = page.getByRole('region', { name: 'StyleLens' });
  await section.getByRole('link', { name: 'Create StyleLens' }).click();
  await expect(page).toHaveURL(/\/style-lens$/);
  await expect(page.getByRole('heading', { name: 'Create your StyleLens', level: 1 })).toBeVisible();
  const analyse = page.getByRole('button', { name: 'Analyse My Style' });

  // 4 photos: the first marker, and not enough to analyse.
  await zoneInput(page).setInputFiles(await stylePhotos(1, 2, 3, 4));
  await expect(page.getByTestId('style-photo-count')).toHaveText('4 of 10 photos');
  await expect(analyse).toBeDisabled();
  await expect(marker(page, 3)).toHaveAttribute('data-reached', 'true');
  await expect(marker(page, 6)).toHaveAttribute('data-reached', 'false');

  await zoneInput(page).setInputFiles(await stylePhotos(5, 6));
  await expect(page.getByTestId('style-photo-count')).toHaveText('6 of 10 photos');
  await expect(marker(page, 6)).toHaveAttribute('data-reached', 'true');
  await expect(marker(page, 10)).toHaveAttribute('data-reached', 'false');
  await expect(analyse).toBeEnabled();
  expect(await photoOrder(page)).toEqual(['style-1.png', 'style-2.png', 'style-3.png', 'style-4.png', 'style-5.png', 'style-6.png']);

  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // Keyboard: Alt+ArrowRight on the first photo's handle moves it one place later, and keeps the focus.
  const handle = page.getByRole('button', { name: /^Reorder style-1\.png/ });
  await handle.focus();
  await page.keyboard.press('Alt+ArrowRight');
  await expect
    .poll(() => photoOrder(page))
    .toEqual(['style-2.png', 'style-1.png', 'style-3.png', 'style-4.png', 'style-5.png', 'style-6.png']);
  await expect(page.getByRole('button', { name: 'Reorder style-1.png, photo 2 of 6' })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'style-1.png moved to position 2 of 6.' })).toBeAttached();

  // Mouse: drag the last photo onto the first.
  await page.getByTestId('style-photo').nth(5).dragTo(page.getByTestId('style-photo').nth(0));
  await expect
    .poll(() => photoOrder(page))
    .toEqual(['style-6.png', 'style-2.png', 'style-1.png', 'style-3.png', 'style-4.png', 'style-5.png']);

  await page.getByRole('button', { name: 'Remove style-3.png' }).click();
  await expect(page.getByTestId('style-photo-count')).toHaveText('5 of 10 photos');
  await zoneInput(page).setInputFiles(await stylePhotos(7));
  const order = ['style-6.png', 'style-2.png', 'style-1.png', 'style-4.png', 'style-5.png', 'style-7.png'];
  await expect.poll(() => photoOrder(page)).toEqual(order);

  // The local analyser can answer within a frame: the analysis's start is held until the progress screen was seen.
  let release!: () => void;
  const seen = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/stylelens\/analyses\?/, async (route) => {
    await seen;
    await route.continue();
  });
  await analyse.click();
  await expect(page.getByRole('progressbar', { name: 'StyleLens progress' })).toBeVisible();
  release();
  // It lands on the profile it made, saved: no second Save to find.
  await expect(page).toHaveURL(/\/account#style-lens$/, { timeout: 60_000 });
  await expect(toast(page, messages.styleLens.created)).toBeVisible();
  await expect(section).toBeFocused();
  await expect(section).toBeInViewport();
  await expect(section.getByText('Saved: applied to your designs')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);

  const profile = await (await page.request.get('/api/user-profile')).json();
  const { human_summary: summary, styleurls } = profile.styleLens as {
    human_summary: { essence: string; palette: string[] };
    styleurls: string[];
  };
  expect(styleurls).toHaveLength(6);
  expect(profile.styleSaveStatus).toBe(true);
  const names = summary.palette.map((entry) => entry.replace(/^#[0-9a-f]{6} /, ''));
  expect(names).toEqual(expect.arrayContaining(['navy', 'cream']));

  // The account section: the essence, the palette's first 4 swatches (then '+N more' when there are more).
  await expect(section.getByText(summary.essence)).toBeVisible();
  const swatches = section.getByRole('list', { name: 'Palette' }).getByRole('listitem');
  const shown = Math.min(summary.palette.length, STYLE_LENS.paletteSwatches);
  const more = summary.palette.length - shown;
  await expect(swatches).toHaveCount(shown + (more > 0 ? 1 : 0));
  for (const [index, name] of names.slice(0, shown).entries()) await expect(swatches.nth(index)).toHaveText(name);
  if (more > 0) await expect(swatches.last()).toHaveText(`+${more} more`);

  await section.getByRole('button', { name: 'Show details' }).click();
  await expect(section.getByRole('heading', { name: 'Materials' })).toBeVisible();
  const firstPhoto = section.getByRole('img', { name: 'Style photo 1' });
  await expect(firstPhoto).toBeVisible();
  await expect.poll(() => numberProperty(firstPhoto, 'naturalWidth')).toBeGreaterThan(0);

  // Edit starts from the current photos, in their order; Back returns to the account.
  await section.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/style-lens\?edit=true$/);
  await expect(page.getByRole('heading', { name: 'Edit your StyleLens', level: 1 })).toBeVisible();
  await expect(page.getByTestId('style-photo-count')).toHaveText('6 of 10 photos');
  await expect(page.getByRole('button', { name: 'Re-analyse My Style' })).toBeEnabled();
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
});

test("11 photos cannot be added: at 10 the 'You're Ready!' toast, and the drop zone is gone until one is removed", async ({ page }) => {
  await signInWithPassword(page, E2E_USERS.lensTester);
  await page.goto('/style-lens');
  await zoneInput(page).setInputFiles(await stylePhotos(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11));
  await expect(page.getByTestId('style-photo-count')).toHaveText('10 of 10 photos');
  await expect(toast(page, messages.styleLens.ready)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: messages.styleLens.tooManyPhotos })).toBeVisible();
  await expect(marker(page, 10)).toHaveAttribute('data-reached', 'true');
  await expect(zoneInput(page)).toHaveCount(0);
  expect(await photoOrder(page)).not.toContain('style-11.png');

  await page.getByRole('button', { name: 'Remove style-10.png' }).click();
  await expect(page.getByTestId('style-photo-count')).toHaveText('9 of 10 photos');
  await expect(zoneInput(page)).toHaveCount(1);

  // Down to 4: the analyse button is disabled again.
  for (const n of [9, 8, 7, 6, 5]) await page.getByRole('button', { name: `Remove style-${n}.png` }).click();
  await expect(page.getByTestId('style-photo-count')).toHaveText('4 of 10 photos');
  await expect(page.getByRole('button', { name: 'Analyse My Style' })).toBeDisabled();
});

test('a failed analysis shows the error toast and still goes to /account', async ({ page }) => {
  await signInWithPassword(page, E2E_USERS.lensTester);
  await page.goto('/style-lens');
  // Starting like JPEGs, so the browser takes them; the server reads the bytes and refuses them.
  const fakes = [1, 2, 3, 4, 5].map((n) => brokenJpeg(`fake-${n}.jpg`));
  await zoneInput(page).setInputFiles(fakes);
  await page.getByRole('button', { name: 'Analyse My Style' }).click();
  await expect(page).toHaveURL(/\/account$/, { timeout: 30_000 });
  const failure = toast(page, messages.styleLens.analysisFailed);
  await expect(failure).toBeVisible();
  await expect(failure).toContainText(messages.validation.unsupportedFile);
});

test("a palette of more than 4 colours (as a remote engine may give) shows the first 4 swatches then '+N more'", async ({ page }) => {
  // The offline analyser names at most 4 colours in its summary, so the profile answer is widened here.
  await signInWithPassword(page, E2E_USERS.lensTester);
  const palette = ['#1f2e50 navy', '#eee0c2 cream', '#c2643c terracotta', '#9caf88 sage green', '#2f3e46 deep slate', '#d9cbb5 warm sand'];
  await page.route('**/api/user-profile', async (route) => {
    const real = await (await route.fetch()).json();
    const styleLens = {
      stylelens: 'Warm minimal',
      human_summary: { essence: 'Calm and warm.', palette, materials: ['oak (light)'], forms: ['low profiles'], note: '' },
      styleurls: [],
    };
    await route.fulfill({ json: { ...real, styleLens, styleSaveStatus: true } });
  });
  await page.goto('/account');
  const swatches = page.getByRole('region', { name: 'StyleLens' }).getByRole('list', { name: 'Palette' }).getByRole('listitem');
  await expect(swatches).toHaveText(['navy', 'cream', 'terracotta', 'sage green', '+2 more']);
});

test.describe('with an engine that takes 12 s a call', () => {
  // Its own server starts in the first hook (its migrations, its users): on a busy machine that is more than a minute.
  test.describe.configure({ timeout: 180_000 });
  /** Each local engine call's time on this spec's own server: an analysis is under way long enough to reload its page. */
  const ENGINE_DELAY_MS = 12_000;
  const RELOADER = { email: 'lens.reloader@example.com', name: 'Rae Reloader', password: 'lens-reload-password' };
  let server: SeededServer;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startSlowEngineServer('lens-reload', [RELOADER], ENGINE_DELAY_MS);
  });
  test.afterAll(() => server?.stop());

  test('a reload while the photos are analysed comes back to the progress, then the profile arrives, saved', async ({ page }) => {
    test.setTimeout(120_000);
    expect((await page.request.post(`${server.url}/api/login/password`, { data: RELOADER })).status()).toBe(200);
    await page.goto(`${server.url}/style-lens`);
    await zoneInput(page).setInputFiles(await stylePhotos(1, 2, 3, 4, 5));
    await expect(page.getByTestId('style-photo-count')).toHaveText('5 of 10 photos');
    await page.getByRole('button', { name: 'Analyse My Style' }).click();

    const progress = page.getByRole('progressbar', { name: 'StyleLens progress' });
    const working = page.getByTestId('work-progress');
    // The analysis answered at once and is followed: its address names it, its stream says what it does.
    await expect(page).toHaveURL(/\/style-lens\?analysis=[\w-]+$/);
    const analysing = page.url();
    await expect(working).toHaveText('Finding your style in 5 photos');

    // The engine holds its one call 12 s: the reload comes back while it is still under way.
    await page.reload();
    await expect(page).toHaveURL(analysing);
    await expect(progress).toBeVisible();
    await expect(working).toHaveText('Finding your style in 5 photos');
    await expect(page.getByRole('button', { name: 'Analyse My Style' })).toBeHidden();

    // The profile arrives, saved, where it always lands.
    await expect(page).toHaveURL(/\/account#style-lens$/, { timeout: 60_000 });
    await expect(toast(page, messages.styleLens.created)).toBeVisible();
    const section = page.getByRole('region', { name: 'StyleLens' });
    await expect(section.getByText('Saved: applied to your designs')).toBeVisible();
    const profile = await (await page.request.get(`${server.url}/api/user-profile`)).json();
    expect(profile.styleLens.styleurls).toHaveLength(5);
    expect(profile.styleSaveStatus).toBe(true);
    // Back does not follow the analysis again: the address it had was replaced when it ended.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`^${server.url}/style-lens$`));
    await expect(page.getByRole('heading', { name: 'Create your StyleLens', level: 1 })).toBeVisible();
    await expect(progress).toHaveCount(0);
  });
});
