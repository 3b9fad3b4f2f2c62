import AxeBuilder from '@axe-core/playwright';
import { messages } from '@rv/contracts/messages';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { brokenJpeg, holdScripts, roomJpeg, signInWithPassword, transformationsUsed, watchForShown } from './fixtures';
import { E2E_USERS } from './users';

const itemPng = async () => ({
  name: 'armchair.png',
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 120, height: 90, channels: 3, background: '#ffffff' } })
    .composite([{ input: Buffer.from('<svg width="120" height="90"><rect x="30" y="20" width="60" height="50" fill="#2e7d32"/></svg>') }])
    .png()
    .toBuffer(),
});

async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('Furnishing & Decorating: from /space-selection to the results, one credit used', async ({ page }) => {
  await signInWithPassword(page, E2E_USERS.furnisher);
  const before = await transformationsUsed(page);
  await page.goto('/space-selection');
  await page.getByRole('link', { name: /Furnishing & Decorating/ }).click();
  await expect(page.getByRole('heading', { name: 'Furnishing & Decorating', level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Room photo').setInputFiles(await roomJpeg());
  await page.getByLabel('Furniture & decor photos').setInputFiles(await itemPng());
  await page.getByLabel('Item 1 description').fill('green velvet armchair');
  await page.getByLabel('Item 1 placement (optional)').fill('left corner');
  await page.getByLabel('Style', { exact: true }).fill('sage green scandinavian');
  await page.getByText('Architectural Changes').click();
  await page.getByRole('radio', { name: 'No' }).check();
  await page.getByRole('button', { name: 'Create My Room Makeover' }).click();
  await expect(page.getByRole('progressbar', { name: 'Design progress' })).toBeVisible();
  await expect(page).toHaveURL(/\/furnishing-decorating\/design\/[\w-]+$/, { timeout: 60_000 });
  await expect(page.getByText(messages.tools.designComplete)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'AI-Generated Design' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Design Analysis' })).toBeVisible();
  // The analysis itself shows once its sanitiser has loaded.
  await expect(page.getByRole('region', { name: 'Design Analysis' }).locator('.prose')).not.toBeEmpty();
  expect(await transformationsUsed(page)).toBe(before + 1);
});

test('Kitchen & Bathroom: the button waits for a space photo, then the design is made', async ({ page }) => {
  await signInWithPassword(page, E2E_USERS.kitchener);
  const before = await transformationsUsed(page);
  await page.goto('/space-selection');
  await page.getByRole('link', { name: /Kitchen & Bathroom/ }).click();
  await expect(page.getByRole('heading', { name: 'Kitchen & Bathroom Redesign', level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const generate = page.getByRole('button', { name: 'Generate Kitchen & Bathroom Design' });
  await expect(generate).toBeDisabled();
  await page.getByLabel('Space photo').setInputFiles(await roomJpeg());
  await page.getByLabel('Finishes & fixtures photos').setInputFiles(await itemPng());
  await page.getByLabel('Item 1 description').fill('white marble');
  await page.getByLabel('Item 1: where it goes').selectOption('Countertops');
  await page.getByLabel('Anything else').fill('brass taps');
  await expect(generate).toBeEnabled();
  await generate.click();
  await expect(page).toHaveURL(/\/kitchen-bathroom\/design\/[\w-]+$/, { timeout: 60_000 });
  expect(await transformationsUsed(page)).toBe(before + 1);
});

test('the tool pages arrive as HTML with their form for a subscriber, and hydrate without a mismatch', async ({ page }) => {
  await signInWithPassword(page, E2E_USERS.earlyBird);
  const problems: string[] = [];
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  page.on('pageerror', (error) => problems.push(error.message));
  for (const [path, heading, button] of [
    ['/furnishing-decorating', 'Furnishing & Decorating', 'Create My Room Makeover'],
    ['/kitchen-bathroom', 'Kitchen & Bathroom Redesign', 'Generate Kitchen & Bathroom Design'],
  ] as const) {
    const html = await (await page.request.get(path)).text();
    expect(html).toContain('<div id="root" data-rendered="">');
    expect(html).toContain(`<h1 class="mt-4 text-3xl font-extrabold tracking-tight sm:text-4xl">${heading.replace('&', '&amp;')}</h1>`);
    expect(html).toContain(button.replace('&', '&amp;'));
    await page.goto(path);
    await expect(page.locator('#root[data-hydrated]')).toBeAttached();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  expect(problems).toEqual([]);
});

test.describe('on a phone, before any script has run (ADR 026, 038)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('Tutorial opens, Create with no photo says so at once, and a photo picked, words typed and a choice made before any script has run are kept, and the design is made', async ({
    page,
  }) => {
    await signInWithPassword(page, E2E_USERS.earlyBird);
    const before = await transformationsUsed(page);
    // Every script is held back (ADR 038): only the HTML and the inline keeper run, whatever the machine's speed.
    const release = await holdScripts(page);
    await page.goto('/furnishing-decorating', { waitUntil: 'commit' });
    // Tutorial: a native dialog the platform opens and closes (commandfor), before any script.
    await page.getByRole('button', { name: 'Tutorial' }).click();
    const tutorial = page.getByRole('dialog', { name: 'Tutorial: photographing your room' });
    await expect(tutorial.getByRole('heading', { name: 'Five tips for a great result' })).toBeVisible();
    await tutorial.getByRole('button', { name: 'Close' }).click();
    await expect(tutorial).toBeHidden();
    // Create pressed with no photo yet: the spec's message shows at once and the focus goes to the photo.
    const create = page.getByRole('button', { name: 'Create My Room Makeover' });
    await create.click();
    const missing = page.getByRole('alert').filter({ hasText: messages.validation.roomPhotoRequired });
    await expect(missing).toBeVisible();
    await expect(page.getByLabel('Room photo')).toBeFocused();
    // The form is in the page's HTML (ADR 026): a person fills it as soon as it shows; the photo takes the message away.
    await page.getByLabel('Room photo').setInputFiles(await roomJpeg());
    await expect(missing).toBeHidden();
    await page.getByLabel('Style', { exact: true }).fill('sage green scandinavian');
    await page.getByText('Architectural Changes').click();
    await page.getByRole('radio', { name: 'No' }).check();
    await create.click();
    // The press is kept and shown; nothing has hydrated the page yet.
    await expect(create).toHaveAttribute('data-early-press', '');
    expect(await page.locator('#root').getAttribute('data-hydrated')).toBeNull();
    const progressShown = await watchForShown(page, '[role="progressbar"][aria-label="Design progress"]');
    release();
    await progressShown();
    await expect(page).toHaveURL(/\/furnishing-decorating\/design\/[\w-]+$/, { timeout: 60_000 });
    await expect(page.getByText(messages.tools.designComplete)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'AI-Generated Design' })).toBeVisible();
    expect(await transformationsUsed(page)).toBe(before + 1);
  });

  test('Kitchen & Bathroom: a space photo picked and the button pressed before any script has run make the design', async ({ page }) => {
    await signInWithPassword(page, E2E_USERS.earlyKitchener);
    const before = await transformationsUsed(page);
    // Every script is held back, as in the Furnishing journey above.
    const release = await holdScripts(page);
    await page.goto('/kitchen-bathroom', { waitUntil: 'commit' });
    await page.getByLabel('Space photo').setInputFiles(await roomJpeg());
    const generate = page.getByRole('button', { name: 'Generate Kitchen & Bathroom Design' });
    // Before React runs the page the button is not drawn as waiting (ADR 038): a person presses it as it is.
    await expect(generate).toBeEnabled();
    await generate.click();
    // The press is kept and shown; nothing has hydrated the page yet.
    await expect(generate).toHaveAttribute('data-early-press', '');
    expect(await page.locator('#root').getAttribute('data-hydrated')).toBeNull();
    const progressShown = await watchForShown(page, '[role="progressbar"][aria-label="Design progress"]');
    release();
    await progressShown();
    await expect(page).toHaveURL(/\/kitchen-bathroom\/design\/[\w-]+$/, { timeout: 60_000 });
    await expect(page.getByRole('heading', { name: 'AI-Generated Design' })).toBeVisible();
    expect(await transformationsUsed(page)).toBe(before + 1);
  });
});

test('a tool page the server rendered asks the browser-side access check once, for the page and its header together', async ({ page }) => {
  await signInWithPassword(page, E2E_USERS.accessChecker);
  const isAccessCheck = (url: string) => new URL(url).pathname === '/api/check-tool-access';
  let asked = 0;
  let answered = 0;
  page.on('request', (request) => {
    if (isAccessCheck(request.url())) asked += 1;
  });
  page.on('requestfinished', (request) => {
    if (isAccessCheck(request.url())) answered += 1;
  });
  for (const [path, heading] of [
    ['/furnishing-decorating', 'Furnishing & Decorating'],
    ['/kitchen-bathroom', 'Kitchen & Bathroom Redesign'],
  ] as const) {
    asked = 0;
    answered = 0;
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // The header shows My Account once the access answer has reached it (the server drew it as Log In):
    // the page's own query starts in the same commit as the header's, so both have asked by then.
    await expect(page.getByRole('banner').getByRole('link', { name: 'My Account' })).toBeVisible();
    await expect.poll(() => answered).toBe(asked);
    // The page's data already said yes; the browser checks again once (ADR 026), not once per asker.
    expect(asked).toBe(1);
  }
});

test('each furnishing validation message, a refused HEIC, and a server error keep the form filled without charging', async ({ page }) => {
  await signInWithPassword(page, E2E_USERS.validator);
  const before = await transformationsUsed(page);
  await page.goto('/furnishing-decorating');
  await page.getByRole('button', { name: 'Create My Room Makeover' }).click();
  await expect(page.getByRole('alert').filter({ hasText: messages.validation.roomPhotoRequired }).first()).toBeVisible();

  await page
    .getByLabel('Room photo')
    .setInputFiles({ name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: Buffer.from('not really heic') });
  await expect(page.getByText(messages.validation.unsupportedFileBecause('"IMG_0001.HEIC" is a HEIC image'))).toBeVisible();

  await page.getByLabel('Room photo').setInputFiles(await roomJpeg());
  await page.getByLabel('Furniture & decor photos').setInputFiles(await itemPng());
  await page.getByRole('button', { name: 'Create My Room Makeover' }).click();
  await expect(page.getByRole('alert').filter({ hasText: messages.validation.itemDescriptionsRequired }).first()).toBeVisible();
  // The architecture question is answered No until changed: never a reason for a refused press.
  await expect(page.getByText(messages.validation.architecturalChangesRequired)).toHaveCount(0);

  // A file that starts like a JPEG but is not one: the server refuses it and nothing typed is lost.
  await page.getByRole('button', { name: /^Remove room\.jpg/ }).click();
  await page.getByLabel('Room photo').setInputFiles(brokenJpeg('fake.jpg'));
  await page.getByLabel('Item 1 description').fill('green armchair');
  await page.getByLabel('Style', { exact: true }).fill('warm oak and linen');
  await expect(page.getByText('No: your room stays as built')).toBeVisible();
  await page.getByRole('button', { name: 'Create My Room Makeover' }).click();
  await expect(page.getByText(messages.tools.processDesignFailed)).toBeVisible();
  await expect(page.getByLabel('Style', { exact: true })).toHaveValue('warm oak and linen');
  await expect(page.getByLabel('Item 1 description')).toHaveValue('green armchair');
  await expect(page).toHaveURL(/\/furnishing-decorating$/);
  expect(await transformationsUsed(page)).toBe(before);
});

test('a user without a subscription is sent to /#pricing', async ({ page }) => {
  await page.goto('/furnishing-decorating');
  await expect(page).toHaveURL(/\/#pricing$/);
  await page.goto('/kitchen-bathroom');
  await expect(page).toHaveURL(/\/#pricing$/);
});
