import AxeBuilder from '@axe-core/playwright';
import { messages } from '@rv/contracts/messages';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { drawRoom } from '@rv/testing/test-rooms';
import { numberProperty, signInWithPassword, transformationsUsed } from './fixtures';
import { E2E_USERS } from './users';

const sharer = E2E_USERS.sharer;
// What the sharer types anywhere is markup on purpose: every card must show it as text.
const MARKUP = '<img src=x onerror="window.__xss=1">';
const SHARER_AGENT = `Mozilla/5.0 (X11; Linux x86_64) E2E-Browser/1.0 ${MARKUP}`;
const COMMENT = `<b>Bold</b> living room ${MARKUP}`;
const FEEDBACK = `<script>window.__xss=1</script>Loved the colours ${MARKUP}`;
const BUG = `<u>Share</u> button moved ${MARKUP}`;

const roomJpeg = async () => ({
  name: 'room.jpg',
  mimeType: 'image/jpeg',
  buffer: await sharp(await drawRoom({ width: 480, height: 360 }))
    .jpeg()
    .toBuffer(),
});

async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The markup typed by users never became elements, and no handler in it ever ran. */
async function expectNoInjectedMarkup(page: Page) {
  await expect(page.locator('img[src="x"], main b, main u, main script')).toHaveCount(0);
  expect(await page.evaluate(() => (globalThis as { __xss?: number }).__xss)).toBeUndefined();
}

/** The width of the image as decoded: 0 until it loaded (or when it could not be loaded). */
const naturalWidth = (image: Locator) => numberProperty(image, 'naturalWidth');

async function adminTotal(request: APIRequestContext, kind: string): Promise<number> {
  const res = await request.get(`/api/admin/${kind}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as unknown[]).length;
}

test('an admin sees the four lists after a user designed, shared, gave feedback and reported a bug, and resets their credits', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  // The user: a kitchen design, shared with the gallery, feedback on it, and a bug report with a screenshot.
  const userContext = await browser.newContext({ userAgent: SHARER_AGENT });
  const user = await userContext.newPage();
  await signInWithPassword(user, sharer);
  await user.goto('/kitchen-bathroom');
  await user.getByLabel('Space photo').setInputFiles(await roomJpeg());
  await user.getByRole('button', { name: 'Generate Kitchen & Bathroom Design' }).click();
  await expect(user).toHaveURL(/\/kitchen-bathroom\/design\/[\w-]+$/, { timeout: 60_000 });
  const designId = user.url().split('/').at(-1)!;
  expect(await transformationsUsed(user)).toBeGreaterThan(0);
  expect((await user.request.post('/api/room-share', { data: { roomDesignId: designId, userComment: COMMENT } })).status()).toBe(200);
  expect(
    (
      await user.request.post('/api/design-feedback', { data: { roomDesignId: designId, isHelpful: true, feedbackText: FEEDBACK } })
    ).status(),
  ).toBe(200);
  await user.getByRole('button', { name: 'Report a bug' }).click();
  const bugDialog = user.getByRole('dialog', { name: 'Report a bug' });
  await bugDialog.getByLabel('What happened? *').fill(BUG);
  await bugDialog.getByLabel('Your email (optional)').fill(sharer.email);
  await bugDialog.getByLabel('Screenshots (optional)').setInputFiles({
    name: 'shot.png',
    mimeType: 'image/png',
    buffer: await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
      .png()
      .toBuffer(),
  });
  await bugDialog.getByRole('button', { name: 'Submit Report' }).click();
  await expect(user.getByText(messages.bugReport.submitted)).toBeVisible();

  // The admin: six tabs, Users first, each with the number of rows the server holds.
  await signInWithPassword(page, E2E_USERS.admin);
  await page.goto('/admin-dashboard');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText([/^Users/, /^Room Shares/, /^Design Feedback/, /^Bug Reports/, /^Audit Log/, /^Refunded Payments/]);
  await expect(page.getByRole('tab', { name: /^Users/ })).toHaveAttribute('aria-selected', 'true');
  const totals = {
    users: await adminTotal(page.request, 'users'),
    shares: await adminTotal(page.request, 'room-shares'),
    feedback: await adminTotal(page.request, 'design-feedback'),
    bugs: await adminTotal(page.request, 'bug-reports'),
  };
  expect(totals.users).toBeGreaterThanOrEqual(Object.keys(E2E_USERS).length);
  expect(totals.shares).toBeGreaterThanOrEqual(1);
  expect(totals.feedback).toBeGreaterThanOrEqual(1);
  expect(totals.bugs).toBeGreaterThanOrEqual(1);
  await expect(tabs).toHaveText([
    `Users ${totals.users}`,
    `Room Shares ${totals.shares}`,
    `Design Feedback ${totals.feedback}`,
    `Bug Reports ${totals.bugs}`,
    // Other journeys' admins act meanwhile (a reset, a read): the log's count is one the server had.
    /^Audit Log \d+$/,
    /^Refunded Payments \d+$/,
  ]);
  // Other journeys (billing, the Refunded Payments one) may add a refunded payment meanwhile: the tab's count
  // is one the server had, never more than it has now.
  const refundsShown = Number((await tabs.nth(5).textContent())!.replace('Refunded Payments', ''));
  expect(refundsShown).toBeLessThanOrEqual(await adminTotal(page.request, 'orphan-payments'));

  // Users: the sharer's card, found by e-mail; their name is shown as text.
  const usersPanel = page.getByRole('tabpanel', { name: /^Users/ });
  await usersPanel.getByLabel('Search by e-mail').fill(sharer.email);
  const userCard = usersPanel.getByRole('article').filter({ hasText: sharer.email });
  await expect(usersPanel.getByRole('article')).toHaveCount(1);
  await expect(userCard).toContainText(sharer.name);
  await expect(userCard).toContainText(`Credits used:${await transformationsUsed(user)} / 30`);
  await expect(userCard.getByText('Subscription status:active')).toBeVisible();
  await expect(userCard.locator('time').first()).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  await expectNoSeriousA11yViolations(page);

  // Room Shares: thumbnails that open the full image; the comment as text.
  await page.getByRole('tab', { name: /^Room Shares/ }).click();
  const shareCard = page
    .getByRole('tabpanel', { name: /^Room Shares/ })
    .getByRole('article')
    .filter({ hasText: sharer.email })
    .first();
  await expect(shareCard).toContainText(COMMENT);
  await expect(shareCard.locator('time')).toHaveCount(1);
  const thumbnail = shareCard.getByRole('img', { name: `Original photo shared by ${sharer.email}` });
  await expect.poll(() => naturalWidth(thumbnail)).toBeGreaterThan(0);
  await expect(shareCard.getByRole('img', { name: `Generated design 1 shared by ${sharer.email}` })).toBeVisible();
  await shareCard.getByRole('button', { name: `Enlarge Original photo shared by ${sharer.email}` }).click();
  const zoom = page.getByRole('dialog', { name: `Original photo shared by ${sharer.email}` });
  await expect.poll(() => naturalWidth(zoom.getByRole('img'))).toBeGreaterThan(100);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(zoom).toBeHidden();
  await expectNoSeriousA11yViolations(page);

  // Design Feedback: helpful, the text, a link to the design.
  await page.getByRole('tab', { name: /^Design Feedback/ }).click();
  const feedbackCard = page
    .getByRole('tabpanel', { name: /^Design Feedback/ })
    .getByRole('article')
    .filter({ hasText: sharer.email })
    .first();
  await expect(feedbackCard.getByText('Helpful', { exact: true })).toBeVisible();
  await expect(feedbackCard).toContainText(FEEDBACK);
  await expect(feedbackCard.getByRole('link', { name: 'View design' })).toHaveAttribute('href', `/kitchen-bathroom/design/${designId}`);
  await expectNoSeriousA11yViolations(page);

  // Bug Reports: description, page URL, user agent as text, the screenshot viewable.
  await page.getByRole('tab', { name: /^Bug Reports/ }).click();
  const bugCard = page
    .getByRole('tabpanel', { name: /^Bug Reports/ })
    .getByRole('article')
    .filter({ hasText: sharer.email })
    .first();
  await expect(bugCard).toContainText(BUG);
  await expect(bugCard).toContainText(SHARER_AGENT);
  await expect(bugCard.getByRole('link', { name: new RegExp(`/kitchen-bathroom/design/${designId}$`) })).toBeVisible();
  const screenshot = bugCard.getByRole('img', { name: /^Screenshot 1 of the report/ });
  await expect.poll(() => naturalWidth(screenshot)).toBe(40);
  await expectNoSeriousA11yViolations(page);
  await expectNoInjectedMarkup(page);

  // The screenshot is the admins' only: the user who sent it gets nothing.
  const screenshotUrl = (await screenshot.getAttribute('src'))!;
  expect((await page.request.get(screenshotUrl)).status()).toBe(200);
  expect((await user.request.get(screenshotUrl)).status()).toBe(404);

  // Reset through the dialog; the user's profile then shows 0 used.
  await page.getByRole('tab', { name: /^Users/ }).click();
  await userCard.getByRole('button', { name: `Reset credits of ${sharer.email}` }).click();
  const confirm = page.getByRole('dialog', { name: messages.admin.resetCreditsTitle });
  await expect(confirm).toContainText('cannot be undone');
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Reset Credits' }).click();
  await expect(page.getByText(messages.admin.creditsReset)).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(userCard).toContainText('Credits used:0 / 30');
  // Offered only when used is above 0.
  await expect(userCard.getByRole('button', { name: /Reset credits/ })).toHaveCount(0);
  expect(await transformationsUsed(user)).toBe(0);
  await expectNoInjectedMarkup(page);
  await userContext.close();
});

test('an admin sees a payment that made no account among the Refunded Payments, cancelled and refunded (ADR 055)', async ({
  browser,
  page,
}) => {
  const email = `refunded.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const card = { number: '4242424242424242', expiry: '12/34', cvc: '123' };
  const buyer = await browser.newContext();
  // A hosted checkout opened in one tab; the card form finishes in another and makes the account; then the hosted one is paid.
  const { url } = await (await buyer.request.post('/api/create-checkout-session', { data: { email, name: 'Robin' } })).json();
  const sub = await (await buyer.request.post('/api/create-subscription', { data: { email, name: 'Robin' } })).json();
  await buyer.request.post('/api/local-payments/confirm', { data: { clientSecret: sub.clientSecret, card } });
  const made = await buyer.request.post('/api/create-account', {
    data: { email, password: 'a good long password', stripeCustomerId: sub.customerId, stripeSubscriptionId: sub.subscriptionId },
  });
  expect(made.status()).toBe(200);
  const sessionId = new URL(url as string).pathname.split('/').pop()!;
  expect((await buyer.request.post(`/api/local-payments/checkout/${sessionId}/pay`, { data: { card } })).status()).toBe(200);
  await buyer.close();

  await signInWithPassword(page, E2E_USERS.admin);
  await page.goto('/admin-dashboard?tab=orphan-payments');
  const panel = page.getByRole('tabpanel', { name: /^Refunded Payments/ });
  const row = panel.getByRole('article').filter({ has: page.getByRole('heading', { name: email }) });
  await expect(row).toContainText('Cancelled and refunded');
  await expect(row).not.toContainText(sub.subscriptionId);
  await expectNoSeriousA11yViolations(page);
});

test('a non-admin opening the dashboard is sent to /account with the no-access message', async ({ page }) => {
  await signInWithPassword(page, E2E_USERS.subscriber);
  await page.goto('/admin-dashboard');
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(messages.auth.noAdminAccess)).toBeVisible();
});

test('without a session the dashboard sends the visitor to /login', async ({ page }) => {
  await page.goto('/admin-dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(messages.auth.pleaseLogIn)).toBeVisible();
});

test('every admin call answers 401 without a session and 403 to a subscriber', async ({ page, playwright, baseURL }) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  await signInWithPassword(page, E2E_USERS.subscriber);
  for (const kind of ['users', 'room-shares', 'design-feedback', 'bug-reports', 'orphan-payments']) {
    expect((await anonymous.get(`/api/admin/${kind}`)).status()).toBe(401);
    expect((await page.request.get(`/api/admin/${kind}`)).status()).toBe(403);
  }
  const body = { data: { email: E2E_USERS.subscriber.email } };
  expect((await anonymous.post('/api/admin/reset-user-credits', body)).status()).toBe(401);
  expect((await page.request.post('/api/admin/reset-user-credits', body)).status()).toBe(403);
  await anonymous.dispose();
});
