// The walk through the product on a phone: what a person does is not wasted. The compare
// slider follows a finger anywhere on the photo; touch screens are told to tap, not to drag or use arrow
// keys; at 200% zoom on a 390 px phone (195 CSS px) no page scrolls sideways; the card form takes what a
// phone types and the name typed at checkout stays on the account; a file that is not an image is
// refused on the spot; an ended session while saving comes back, after signing in, to the dialog with
// what was typed.
import { messages } from '@rv/contracts/messages';
import { expect, type Page } from '@playwright/test';
import { test } from './own-address';
import { newDesign, signInWithPassword } from './fixtures';
import { E2E_USERS } from './users';

const unique = (label: string) => `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

/** How far the page scrolls sideways (0 when it fits). */
const sideways = (page: Page) =>
  page.evaluate<number>('Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth)');

test.describe('phone with touch', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the compare slider follows a finger on the photo; touch screens are told to tap, and no arrow keys', async ({ page }) => {
    test.setTimeout(120_000);
    await signInWithPassword(page, E2E_USERS.walkTouch);
    const designId = await newDesign(page, { photo: { width: 800, height: 600 } });
    await page.goto(`/furnishing-decorating/design/${designId}`);
    const slider = page.getByRole('group', { name: 'AI-generated design' });
    // The slider has every image in the page; the one shown is the first.
    const photo = slider.getByTestId('before-after').filter({ visible: true });
    const compare = slider.getByRole('slider', { name: /Compare with the original/ });
    // The design whole at first (ADR 062): the original is one drag away.
    await expect(compare).toHaveValue('0');
    await photo.scrollIntoViewIfNeeded();
    // React runs the page (the slider's handlers are attached).
    await expect(page.locator('#root[data-hydrated]')).toHaveCount(1);

    const touch = await page.context().newCDPSession(page);
    const box = (await photo.boundingBox())!;
    const at = (x: number, y = 0.4) => [{ x: box.x + x * box.width, y: box.y + y * box.height, id: 1 }];
    // A drag from the middle to a fifth of the photo, on the photo itself (not on the bar under it).
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0.5) });
    for (let i = 1; i <= 10; i++)
      await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(0.5 - (0.3 * i) / 10) });
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(async () => Number(await compare.inputValue())).toBeLessThanOrEqual(22);
    expect(Number(await compare.inputValue())).toBeGreaterThanOrEqual(18);
    // The original is revealed up to there.
    await expect(slider.getByRole('img', { name: 'The original room' })).toHaveCSS(
      'clip-path',
      `inset(0px ${100 - Number(await compare.inputValue())}% 0px 0px)`,
    );
    // A tap moves it too.
    await page.touchscreen.tap(box.x + 0.8 * box.width, box.y + 0.4 * box.height);
    await expect.poll(async () => Number(await compare.inputValue())).toBeGreaterThanOrEqual(78);

    // The brush's help on a touch screen says nothing of arrow keys.
    const paint = slider.getByRole('button', { name: messages.refineMask.changeOnlyHere });
    await paint.click();
    // The brush it opened (each image's is in the page, hidden until opened).
    const brush = page.locator(`#${await paint.getAttribute('aria-controls')}`);
    await expect(brush.getByText(messages.refineMask.brushHelp)).toBeVisible();
    await expect(brush.getByTestId('brush-keyboard-help')).toBeHidden();

    // The upload boxes say to tap.
    await page.goto('/furnishing-decorating');
    const zone = page.locator('label[for="room-photo"]');
    await expect(zone.getByText('Tap to choose a photo')).toBeVisible();
    await expect(zone.getByText(/Drag and drop/)).toBeHidden();
  });
});

test('at 200% zoom on a 390 px phone (195 CSS px) the checkout, the tool forms, the results page and the account do not scroll sideways', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 195, height: 422 } });
  const page = await context.newPage();
  await page.goto(`/checkout?email=${encodeURIComponent(unique('reflow'))}&name=Rae`);
  await expect(page.getByRole('button', { name: /Pay Now/ })).toBeVisible();
  expect(await sideways(page), 'checkout').toBe(0);

  await signInWithPassword(page, E2E_USERS.walkReflow);
  const designId = await newDesign(page, { photo: { width: 800, height: 600 } });
  const pages: [string, string][] = [
    ['/furnishing-decorating', 'Create My Room Makeover'],
    ['/kitchen-bathroom', 'Generate Kitchen & Bathroom Design'],
  ];
  for (const [path, button] of pages) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: button })).toBeVisible();
    expect(await sideways(page), path).toBe(0);
  }
  await page.goto(`/furnishing-decorating/design/${designId}`);
  await expect(page.getByRole('group', { name: 'AI-generated design' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'AI-generated design' }).getByRole('img').first()).toHaveJSProperty('complete', true);
  expect(await sideways(page), 'results page').toBe(0);
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Your Account', level: 1 })).toBeVisible();
  expect(await sideways(page), 'account').toBe(0);
  await context.close();
});

test('a phone types 1229 as the expiry and pays; the name typed at checkout is on the account', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = unique('phone.buyer');
  await page.goto(`/checkout?email=${encodeURIComponent(email)}`);
  await page.getByLabel('Name (optional)').fill('Paula Phone');
  const number = page.getByLabel('Card number');
  await expect(number).toHaveAttribute('inputmode', 'numeric');
  await expect(number).toHaveAttribute('autocomplete', 'cc-number');
  await number.pressSequentially('4242424242424242');
  await expect(number).toHaveValue('4242 4242 4242 4242');
  const expiry = page.getByLabel('Expiry (MM/YY)');
  await expect(expiry).toHaveAttribute('inputmode', 'numeric');
  await expect(expiry).toHaveAttribute('autocomplete', 'cc-exp');
  await expiry.pressSequentially('1229');
  await expect(expiry).toHaveValue('12 / 29');
  await expect(page.getByLabel('CVC')).toHaveAttribute('autocomplete', 'cc-csc');
  await page.getByLabel('CVC').pressSequentially('123');
  await page.getByRole('button', { name: /Pay Now/ }).click();
  await expect(page).toHaveURL(/\/create-account\?/);
  await page.getByLabel('Password', { exact: true }).fill('a good long password');
  await page.getByLabel('Confirm password').fill('a good long password');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/space-selection$/);
  await page.goto('/account');
  await expect(page.getByRole('region', { name: 'Personal Information' }).getByTestId('profile-name')).toHaveText('Paula Phone');
});

test('a text file named .jpg is refused on the spot with the spec message, which stays; nothing is posted', async ({ page }) => {
  await signInWithPassword(page, E2E_USERS.walkReflow);
  const posted: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('room-design')) posted.push(request.url());
  });
  await page.goto('/furnishing-decorating');
  await expect(page.locator('#root[data-hydrated]')).toHaveCount(1);
  await page
    .getByLabel('Room photo')
    .setInputFiles({ name: 'room.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('just some notes, not a photo') });
  const refusal = page.locator('#room-photo-error');
  // The spec's refusal with its "..." told: the file and the real reason (ADR 062).
  const refused = messages.validation.unsupportedFileBecause('"room.jpg" is not an image');
  await expect(refusal).toHaveText(refused);
  await expect(page.getByAltText('Preview of room.jpg')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create My Room Makeover' }).click();
  // The press says in a toast that the form needs a photo; the refusal is still there once the toast has
  // faded, and nothing was sent.
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: messages.validation.roomPhotoRequired });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveCount(0);
  await expect(refusal).toHaveText(refused);
  expect(posted).toEqual([]);
});

test('a session that ended while saving: sign in again, come back to the dialog with the name typed, and save', async ({ page }) => {
  test.setTimeout(120_000);
  await signInWithPassword(page, E2E_USERS.walkSession);
  const designId = await newDesign(page);
  const resultsPath = `/furnishing-decorating/design/${designId}`;
  await page.goto(resultsPath);
  const slider = page.getByRole('group', { name: 'AI-generated design' });
  await slider.getByRole('button', { name: 'Save Design' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save To My Designs' });
  await dialog.getByLabel('Design Name *').fill('Sunday Lounge');
  await dialog.getByLabel('Notes (Optional)').fill('the green one');

  // The session ends (signed out elsewhere) before Save is pressed.
  await page.context().clearCookies();
  await dialog.getByRole('button', { name: 'Save Design' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(messages.auth.pleaseLogIn).first()).toBeVisible();

  await page.getByLabel('Email', { exact: true }).fill(E2E_USERS.walkSession.email);
  await page.getByRole('button', { name: 'Use a password instead' }).click();
  await page.getByLabel('Password', { exact: true }).fill(E2E_USERS.walkSession.password);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL(new RegExp(`${resultsPath}$`));
  const again = page.getByRole('dialog', { name: 'Save To My Designs' });
  await expect(again.getByLabel('Design Name *')).toHaveValue('Sunday Lounge');
  await expect(again.getByLabel('Notes (Optional)')).toHaveValue('the green one');
  await again.getByRole('button', { name: 'Save Design' }).click();
  await expect(page.getByText(messages.account.designSaved('Sunday Lounge'))).toBeVisible();
  await expect(slider.getByRole('button', { name: 'Saved' })).toBeDisabled();
  // Saved once: coming back later does not open the dialog again.
  await page.reload();
  await expect(slider.getByRole('button', { name: 'Saved' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
