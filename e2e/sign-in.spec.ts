import { messages } from '@rv/contracts/messages';
import { expect, test } from '@playwright/test';
import { inboxFor, signInWithMagicLink } from './fixtures';
import { E2E_USERS } from './users';

test('signs in end to end with the link from a real SMTP delivery, and logs out', async ({ page }) => {
  const { email } = E2E_USERS.subscriber;
  await signInWithMagicLink(page, email);
  await expect(page).toHaveURL(/\/space-selection$/);
  await expect(page.getByRole('link', { name: 'My Account' })).toBeVisible();
  const mail = inboxFor(email).at(-1)!;
  expect(mail).toContain('Subject: Your Room Visualizer sign-in link');
  expect(mail).toContain('expires in 10 minutes');
  expect(mail).toMatch(/Content-Type: text\/html/);
  const me = await page.request.get('/api/me');
  expect(await me.json()).toEqual({ isAdmin: false });
});

test('a used link sends the user back to /login with the spec text', async ({ page, context }) => {
  const { email } = E2E_USERS.lapsed;
  await signInWithMagicLink(page, email);
  await expect(page).toHaveURL(/\/account$/);
  const link = inboxFor(email)
    .at(-1)!
    .match(/https?:\/\/[^\s"<>]+\/process-login\?[^\s"<>]+/)![0]
    .replaceAll('&amp;', '&');
  await context.clearCookies();
  await page.goto(link);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(messages.auth.noSignInRequest)).toBeVisible();
});

test('process-login without an e-mail returns to /login with the spec text', async ({ page }) => {
  await page.goto('/process-login?token=abc');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(messages.auth.noEmailForSignIn)).toBeVisible();
});

test('an unknown e-mail is sent to pricing with the spec text', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill('Nobody.Here@Example.com');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText(messages.auth.noAccount)).toBeVisible();
  await expect(page).toHaveURL(/\/#pricing$/);
});

test('validates the e-mail before asking the server', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText(messages.validation.invalidEmailFormat)).toBeVisible();
});

test('signs in with a password instead', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(E2E_USERS.subscriber.email);
  await page.getByRole('button', { name: 'Use a password instead' }).click();
  await page.getByLabel('Password').fill(E2E_USERS.subscriber.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/space-selection$/);
});
