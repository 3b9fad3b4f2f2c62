// axe on the routes no other journey checks: the public pages, the sign-in and checkout steps, the
// 404 page, a public results page seen by a visitor, and /space-selection signed in. Every violation
// counts (not only serious ones), once the page's content and images are on screen.
import AxeBuilder from '@axe-core/playwright';
import { messages } from '@rv/contracts/messages';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './own-address';
import { newDesign, shareDesign, signInWithPassword } from './fixtures';
import { E2E_USERS } from './users';

const unique = (label: string) => `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

async function expectAxeClean(page: Page) {
  // Images decoded first: axe's colour checks read what is drawn over them.
  await expect
    .poll(() => page.locator('img:not([loading="lazy"])').evaluateAll((imgs) => imgs.every((img) => Reflect.get(img, 'complete') === true)))
    .toBe(true);
  // And nothing fading in or out (a toast's entry or exit, a dialog's): axe reads colours as drawn, and a half-
  // transparent toast mid-fade reads as low contrast. Endless animations (a spinner) are left running.
  // Polled from here, not by waitForFunction: a string it polls in the page is eval, which the page's CSP refuses
  // (a page with a finite animation running at the first check failed so).
  await expect
    .poll(() =>
      page.evaluate(
        'document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity)',
      ),
    )
    .toBe(true);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A paid subscription (local payments) not yet turned into an account. */
async function paidSubscription(request: APIRequestContext, email: string) {
  const sub = await (await request.post('/api/create-subscription', { data: { email, name: 'Axel Axe' } })).json();
  await request.post('/api/local-payments/confirm', {
    data: { clientSecret: sub.clientSecret, card: { number: '4242424242424242', expiry: '12/34', cvc: '123' } },
  });
  return sub as { customerId: string; subscriptionId: string };
}

/** Each page, the heading it shows, and what it shows once it has done what it does on arrival (read by axe as it ends). */
const publicPages: { path: string; heading: string | RegExp; shown?: string }[] = [
  { path: '/', heading: /redesign/i },
  { path: '/how-it-works', heading: 'How it works' },
  { path: '/privacy', heading: /privacy/i },
  { path: '/login', heading: /sign in|log in/i },
  // A sign-in link without its address goes back to /login, which says why in a toast that arrives after its heading.
  { path: '/process-login?token=abc', heading: /sign in|log in/i, shown: messages.auth.noEmailForSignIn },
  { path: '/checkout?email=axe%40example.com&name=Axel', heading: 'Complete Your Subscription' },
  { path: '/create-account?email=a@example.com', heading: messages.billing.invalidAccess },
  { path: '/no/such/page', heading: /.+/ },
];

for (const { path, heading, shown } of publicPages) {
  test(`axe: ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 }).first()).toBeVisible();
    if (shown) await expect(page.getByText(shown).first()).toBeVisible();
    await expectAxeClean(page);
  });
}

test('axe: the subscribe dialog on the landing page', async ({ page }) => {
  await page.goto('/#pricing');
  // Subscribe Now opens its native dialog from the HTML alone, before or without React (ADR 068).
  await page.getByRole('button', { name: 'Subscribe Now' }).click();
  await expect(page.getByRole('dialog', { name: 'Start your subscription' })).toBeVisible();
  await expectAxeClean(page);
});

test('axe: hosted checkout, then the welcome screen', async ({ page }) => {
  await page.goto(`/checkout?email=${encodeURIComponent(unique('axe-hosted'))}&name=Axel`);
  await page.getByRole('button', { name: 'Pay on a secure checkout page instead' }).click();
  await expect(page).toHaveURL(/\/local-payments\/checkout\//);
  await expect(page.getByLabel('Card number')).toBeVisible();
  await expectAxeClean(page);
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /Pay Now/ }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Room Visualizer!' })).toBeVisible();
  await expectAxeClean(page);
});

test('axe: create account, then the billing portal', async ({ page }) => {
  const email = unique('axe-account');
  const sub = await paidSubscription(page.request, email);
  await page.goto(`/create-account?${new URLSearchParams({ email, customer_id: sub.customerId, subscription_id: sub.subscriptionId })}`);
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await expectAxeClean(page);

  await page.request.post('/api/create-account', {
    data: { email, password: 'a good long password', stripeCustomerId: sub.customerId, stripeSubscriptionId: sub.subscriptionId },
  });
  const { url } = await (
    await page.request.post('/api/create-portal-session', { data: { customerId: sub.customerId, returnUrl: '/space-selection' } })
  ).json();
  await page.goto(url);
  await expect(page.getByTestId('portal-status')).toHaveText('active');
  await expectAxeClean(page);
});

test('axe: /space-selection signed in', async ({ page }) => {
  await signInWithPassword(page, E2E_USERS.subscriber);
  await page.goto('/space-selection');
  await expect(page.getByRole('link', { name: /Furnishing & Decorating/ })).toBeVisible();
  await expectAxeClean(page);
});

test('axe: a public results page seen by a visitor', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  await signInWithPassword(page, E2E_USERS.subscriber);
  const designId = await newDesign(page, { styleDescription: 'warm oak' });
  const path = `/furnishing-decorating/design/${designId}`;
  await shareDesign(page.request, designId);

  const context = await browser.newContext({ baseURL });
  const visitor = await context.newPage();
  await visitor.goto(path);
  await expect(visitor.getByRole('region', { name: 'Original photo' }).getByRole('img')).toBeVisible();
  await visitor.getByRole('heading', { name: 'AI-Generated Design' }).scrollIntoViewIfNeeded();
  await expectAxeClean(visitor);
  await context.close();
});
