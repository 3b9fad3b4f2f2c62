// A reload mid-design (issue 50, ADR 066): the tool page names the design being made in its address, so a
// reload while the job makes it follows it again, its progress shown, and the result page follows.
import { messages } from '@rv/contracts/messages';
import { expect, test } from '@playwright/test';
import { roomJpeg } from './fixtures';
import { startSlowEngineServer, type SeededServer } from './seeded-server';

/** Each local engine call's time on this spec's own server: a design (two such calls at least) is under way long enough to reload its page. */
const ENGINE_DELAY_MS = 12_000;
const DESIGNER = { email: 'design.reloader@example.com', name: 'Dee Reloader', password: 'design-reload-password' };
const RESULTS = /\/furnishing-decorating\/design\/[\w-]+$/;
const STEPS = [
  messages.designProgress.analysing,
  /^Image \d+ of \d+$/,
  /^Checking the architecture of image \d+ of \d+$/,
  messages.designProgress.finishing,
];

let server: SeededServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startSlowEngineServer('design-reload', [DESIGNER], ENGINE_DELAY_MS);
});
test.afterAll(() => server?.stop());

test('a design created on the tool form, its loading page reloaded while it is made: the progress shows again and the result page follows', async ({
  page,
}) => {
  test.setTimeout(150_000);
  expect((await page.request.post(`${server.url}/api/login/password`, { data: DESIGNER })).status()).toBe(200);
  const used = async () => ((await (await page.request.get(`${server.url}/api/user-profile`)).json()) as { transformationsUsed: number }).transformationsUsed;
  const before = await used();

  await page.goto(`${server.url}/furnishing-decorating`);
  await page.getByLabel('Room photo').setInputFiles(await roomJpeg());
  await page.getByLabel('Style', { exact: true }).fill('warm japandi');
  await page.getByText('Architectural Changes').click();
  await page.getByRole('radio', { name: 'No' }).check();
  await page.getByRole('button', { name: 'Create My Room Makeover' }).click();

  const progress = page.getByRole('progressbar', { name: 'Design progress' });
  const working = page.getByTestId('work-progress');
  await expect(progress).toBeVisible();
  await expect(page).toHaveURL(/\/furnishing-decorating\?design=[\w-]+$/);
  const making = page.url();
  // The engine holds its drawing 12 s, then its analysis 12 s: the reload comes back while the design is made.
  await expect(working).toHaveText(messages.designProgress.analysing);

  await page.reload();
  await expect(page).toHaveURL(making);
  await expect(progress).toBeVisible();
  const told = (await working.textContent({ timeout: 15_000 })) ?? '';
  expect(STEPS.some((step) => (typeof step === 'string' ? told === step : step.test(told)))).toBe(true);
  await expect(page.getByRole('button', { name: 'Create My Room Makeover' })).toBeHidden();

  await expect(page).toHaveURL(RESULTS, { timeout: 90_000 });
  await expect(page.getByRole('heading', { name: 'AI-Generated Design' })).toBeVisible();
  // Made once, one credit used, reload or not.
  expect(await used()).toBe(before + 1);
});
