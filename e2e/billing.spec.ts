import { messages } from '@rv/contracts/messages';
import { expect, type Page } from '@playwright/test';
import { test } from './own-address';
import sharp from 'sharp';
import { inboxFor, newDesign, signInWithMagicLink } from './fixtures';

const unique = (label: string) => `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /Pay Now/ }).click();
}

/** Buys from the embedded card form with a test card and makes the account with `password`: signed in on /space-selection. */
async function buyWithCard(page: Page, email: string, password: string) {
  await page.goto(`/checkout?email=${encodeURIComponent(email)}`);
  await fillCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/create-account\?/);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/space-selection$/);
}

test('landing → Subscribe Now → checkout → test card → create account → signed in on /space-selection', async ({ page }) => {
  const email = unique('buyer');
  await page.goto('/#pricing');
  // Subscribe Now opens its native dialog from the HTML alone (ADR 068): a visitor's landing runs no script.
  await page.getByRole('button', { name: 'Subscribe Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start your subscription' });
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(dialog.getByRole('alert')).toContainText(messages.validation.missingInformation);
  await dialog.getByLabel('Full name *').fill('Bea Buyer');
  await dialog.getByLabel('Email *').fill(email);
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();

  await expect(page.getByRole('heading', { name: 'Complete Your Subscription' })).toBeVisible();
  await expect(page.getByLabel('Email *')).toHaveValue(email);
  await fillCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/create-account\?/);

  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText(messages.validation.passwordTooShort)).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('a good long password');
  await page.getByLabel('Confirm password').fill('a different password');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText(messages.validation.passwordsDontMatch)).toBeVisible();
  await page.getByLabel('Confirm password').fill('a good long password');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText(messages.billing.accountCreated)).toBeVisible();
  await expect(page).toHaveURL(/\/space-selection$/);
  await expect(page.getByRole('link', { name: 'My Account' })).toBeVisible();
});

test('a declined card shows Payment Failed with the provider message and creates nothing', async ({ page }) => {
  const email = unique('declined');
  await page.goto(`/checkout?email=${encodeURIComponent(email)}`);
  await fillCard(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert').filter({ hasText: messages.billing.paymentFailed })).toContainText('Your card was declined.');
  // Told once, under the form: no toast besides.
  await expect(page.getByText('Your card was declined.')).toHaveCount(1);
  await expect(page).toHaveURL(/\/checkout/);
  const check = await page.request.post('/api/check-user', { data: { email } });
  expect(check.status()).toBe(404);
});

test('the hosted checkout path ends on the welcome screen, signed in', async ({ page }) => {
  const email = unique('hosted');
  await page.goto(`/checkout?email=${encodeURIComponent(email)}&name=Hana`);
  await page.getByRole('button', { name: 'Pay on a secure checkout page instead' }).click();
  await expect(page).toHaveURL(/\/local-payments\/checkout\//);
  await expect(page.getByText(email)).toBeVisible();
  await fillCard(page, '4242424242424242');
  await expect(page).toHaveURL(/\/payment-success\?session_id=/);
  await expect(page.getByRole('heading', { name: 'Welcome to Room Visualizer!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Your Design' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return Home' })).toBeVisible();
  expect(await (await page.request.get('/api/check-tool-access')).json()).toEqual({ hasAccess: true });
});

test('the billing portal cancels and resumes', async ({ page }) => {
  const email = unique('portal');
  const sub = await (await page.request.post('/api/create-subscription', { data: { email, name: 'Pat' } })).json();
  await page.request.post('/api/local-payments/confirm', {
    data: { clientSecret: sub.clientSecret, card: { number: '4242424242424242', expiry: '12/34', cvc: '123' } },
  });
  await page.request.post('/api/create-account', {
    data: { email, password: 'a good long password', stripeCustomerId: sub.customerId, stripeSubscriptionId: sub.subscriptionId },
  });
  const { url } = await (
    await page.request.post('/api/create-portal-session', { data: { customerId: sub.customerId, returnUrl: '/space-selection' } })
  ).json();
  await page.goto(url);
  await expect(page.getByTestId('portal-status')).toHaveText('active');
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByTestId('portal-status')).toHaveText('Cancels at period end');
  await page.getByRole('button', { name: 'Resume subscription' }).click();
  await expect(page.getByTestId('portal-status')).toHaveText('active');
  await page.getByRole('link', { name: 'Return to Room Visualizer' }).click();
  await expect(page).toHaveURL(/\/space-selection$/);
});

test('create-account without its parameters shows Invalid Access with Go to Checkout', async ({ page }) => {
  await page.goto('/create-account?email=a@example.com');
  await expect(page.getByRole('heading', { name: messages.billing.invalidAccess })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
});

test("the checkout takeover: a checkout naming a subscriber's e-mail signs the attacker in to nothing and changes nothing", async ({
  browser,
}) => {
  const email = unique('victim');
  const victim = await browser.newContext();
  const sub = await (await victim.request.post('/api/create-subscription', { data: { email, name: 'Vic' } })).json();
  await victim.request.post('/api/local-payments/confirm', {
    data: { clientSecret: sub.clientSecret, card: { number: '4242424242424242', expiry: '12/34', cvc: '123' } },
  });
  await victim.request.post('/api/create-account', {
    data: { email, password: 'the victim password', stripeCustomerId: sub.customerId, stripeSubscriptionId: sub.subscriptionId },
  });
  const before = await (await victim.request.get('/api/user-profile')).json();
  expect(before).toMatchObject({ email, stripeCustomerId: sub.customerId });

  const attacker = await browser.newContext();
  const page = await attacker.newPage();
  await page.goto(`/checkout?email=${encodeURIComponent(email)}&name=Mallory`);
  await expect(page.getByText(messages.billing.accountExistsSignIn).first()).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Log In' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Pay Now/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Pay on a secure checkout page instead' }).click();
  await expect(page.getByText(messages.billing.accountExistsSignIn).last()).toBeVisible();
  await expect(page).toHaveURL(/\/checkout/);

  expect((await attacker.request.get('/api/user-profile')).status()).toBe(401);
  expect(await (await attacker.request.get('/api/check-tool-access')).json()).toEqual({ hasAccess: false });
  const after = await (await victim.request.get('/api/user-profile')).json();
  expect(after).toMatchObject({ email, stripeCustomerId: sub.customerId });
  await attacker.close();
  await victim.close();
});

test('a new buyer uses the account at once; the account page says the address is unconfirmed until its link is opened', async ({
  page,
}) => {
  const email = unique('unconfirmed');
  await buyWithCard(page, email, 'a good long password');
  await page.goto('/account');
  await expect(page.getByRole('status').filter({ hasText: 'Please confirm your e-mail address: we sent you a link' })).toBeVisible();
  await page.getByRole('button', { name: 'Send a new link' }).click();
  await expect(page.getByText(messages.auth.checkYourEmail)).toBeVisible();
});

test('a buyer whose checkout password ended with the welcome link sets a new one on the account page and signs in with it', async ({
  page,
}) => {
  const email = unique('password.again');
  await buyWithCard(page, email, 'the checkout password');

  // The welcome e-mail's link proves the address: it ends the sessions and the password made before it (ADR 023).
  await expect.poll(() => inboxFor(email).length, { timeout: 20_000 }).toBeGreaterThan(0);
  const welcome = inboxFor(email)
    .at(-1)!
    .match(/https?:\/\/[^\s"<>]+\/process-login\?[^\s"<>]+/)![0]
    .replaceAll('&amp;', '&');
  await page.goto(welcome);
  // The person lands where the page says what happened and offers a new password (ADR 056).
  await expect(page).toHaveURL(/\/account#password$/);
  await expect(page.getByRole('status').filter({ hasText: messages.password.removedNotice })).toBeVisible({ timeout: 20_000 });
  const ended = await page.request.post('/api/login/password', { data: { email, password: 'the checkout password' } });
  expect(ended.status()).toBe(401);

  const section = page.getByRole('region', { name: messages.password.sectionTitle, exact: true });
  await expect(section.getByText(messages.password.noPasswordIntro)).toBeVisible({ timeout: 20_000 });
  const setForm = section.getByRole('form', { name: messages.password.setTitle });
  await setForm.getByLabel(messages.password.newLabel, { exact: true }).fill('my own new password');
  await setForm.getByLabel(messages.password.confirmLabel, { exact: true }).fill('my own new passwort');
  await setForm.getByRole('button', { name: messages.password.setTitle }).click();
  await expect(setForm.getByText(messages.validation.passwordsDontMatch)).toBeVisible();
  await setForm.getByLabel(messages.password.confirmLabel, { exact: true }).fill('my own new password');
  await setForm.getByRole('button', { name: messages.password.setTitle }).click();
  await expect(section.getByRole('status')).toHaveText(messages.password.passwordSet);
  // The section now offers a change, which needs the password just set.
  await expect(section.getByRole('form', { name: messages.password.changeTitle })).toBeVisible();
  await expect(section.getByText(messages.password.noPasswordIntro)).toBeHidden();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Use a password instead' }).click();
  await page.getByLabel('Password').fill('my own new password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/space-selection$/);
  await page.goto('/account');
  await expect(page.getByRole('form', { name: messages.password.changeTitle })).toBeVisible({ timeout: 20_000 });
});

test('a returning subscriber who signs in by link keeps the name, photo, StyleLens and designs; only the old password ends, and the page says so', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const email = unique('returning');
  await buyWithCard(page, email, 'the checkout password');

  // A name and a photo.
  await page.goto('/account');
  const personal = page.getByRole('region', { name: 'Personal Information' });
  await personal.getByRole('button', { name: 'Edit' }).click();
  const avatar = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  await personal.getByLabel('Change photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: avatar });
  await personal.getByLabel('Name').fill('Robin Returning');
  await personal.getByRole('button', { name: 'Save' }).click();
  await expect(personal.getByTestId('profile-name')).toHaveText('Robin Returning');

  // A StyleLens, saved.
  await page.goto('/style-lens');
  const photos = await Promise.all(
    ['#1f2e50', '#eee0c2', '#c2643c', '#9caf88', '#6b4f3a'].map(async (colour, n) => ({
      name: `style-${n + 1}.png`,
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 100, height: 60, channels: 3, background: colour } })
        .png()
        .toBuffer(),
    })),
  );
  await page.getByLabel('Style photos', { exact: true }).setInputFiles(photos);
  await page.getByRole('button', { name: 'Analyse My Style' }).click();
  await expect(page).toHaveURL(/\/account#style-lens$/, { timeout: 60_000 });
  const lens = page.getByRole('region', { name: 'StyleLens' });
  await expect(lens.getByText('Saved: applied to your designs')).toBeVisible();
  const before = await (await page.request.get('/api/user-profile')).json();
  expect(before).toMatchObject({ name: 'Robin Returning', styleSaveStatus: true, hasPassword: true });

  // A design.
  const designId = await newDesign(page);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);

  // Back by an e-mailed link: the first proof of the address.
  await signInWithMagicLink(page, email);
  await expect(page).toHaveURL(/\/account#password$/, { timeout: 30_000 });
  const notice = page.getByRole('status').filter({ hasText: messages.password.removedNotice });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(notice.getByRole('link', { name: messages.password.removedNoticeAction })).toHaveAttribute('href', '#password');
  await expect(personal.getByTestId('profile-name')).toHaveText('Robin Returning');
  await expect(personal.getByRole('img', { name: 'Robin Returning profile picture' })).toHaveAttribute('src', before.userAvatarStorageUrl);
  await expect(lens.getByText(before.styleLens.human_summary.essence)).toBeVisible();
  const after = await (await page.request.get('/api/user-profile')).json();
  expect(after).toMatchObject({
    name: 'Robin Returning',
    userAvatarStorageUrl: before.userAvatarStorageUrl,
    styleLens: before.styleLens,
    styleSaveStatus: true,
    transformationsUsed: 1,
    emailConfirmed: true,
    hasPassword: false,
    passwordRemoved: true,
  });
  await page.getByRole('button', { name: 'Auto-saved Designs' }).click();
  const autoSaved = page.getByRole('dialog', { name: 'Auto-saved Designs' });
  await expect(autoSaved.getByTestId('auto-saved-tile').first()).toBeVisible();
  const designs = await (await page.request.get('/api/designs?scope=all&page=1&limit=6')).json();
  expect(JSON.stringify(designs)).toContain(designId);
  await page.keyboard.press('Escape');
  await expect(autoSaved).toBeHidden();

  // The old password no longer signs in, and the log-in page says so in its own words.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Use a password instead' }).click();
  await page.getByLabel('Password').fill('the checkout password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('That e-mail and password do not match an account.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('a second payment for an e-mail whose account another payment made is refunded, and the return page says so (ADR 055)', async ({
  browser,
}) => {
  const email = unique('paid.twice');
  const buyer = await browser.newContext();
  const page = await buyer.newPage();
  // The hosted page is opened in one tab...
  const { url } = await (await page.request.post('/api/create-checkout-session', { data: { email, name: 'Robin' } })).json();
  // ...while the card form in another finishes first and makes the account.
  const other = await browser.newContext();
  const sub = await (await other.request.post('/api/create-subscription', { data: { email, name: 'Robin' } })).json();
  await other.request.post('/api/local-payments/confirm', {
    data: { clientSecret: sub.clientSecret, card: { number: '4242424242424242', expiry: '12/34', cvc: '123' } },
  });
  const made = await other.request.post('/api/create-account', {
    data: { email, password: 'a good long password', stripeCustomerId: sub.customerId, stripeSubscriptionId: sub.subscriptionId },
  });
  expect(made.status()).toBe(200);

  await page.goto(url);
  await fillCard(page, '4242424242424242');
  await expect(page).toHaveURL(/\/payment-success\?session_id=/);
  await expect(page.getByRole('heading', { name: messages.billing.paymentRefundedTitle })).toBeVisible();
  await expect(page.getByText(messages.billing.paymentRefunded)).toBeVisible();
  await expect(page.getByText('If you were charged')).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('link', { name: 'Log In' })).toBeVisible();
  // Nobody is signed in by the refunded payment; the account made by the first stays as it was.
  expect(await (await page.request.get('/api/check-tool-access')).json()).toEqual({ hasAccess: false });
  expect(await (await other.request.get('/api/user-profile')).json()).toMatchObject({ email, stripeCustomerId: sub.customerId });
  await other.close();
  await buyer.close();
});
