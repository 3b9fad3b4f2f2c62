// Server-rendered pages (ADR 018): the public pages and a shared design's page arrive as HTML with their
// heading and first image, and the browser hydrates them without a mismatch.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { readJson } from '@rv/contracts/json';
import { messages } from '@rv/contracts/messages';
import sharp from 'sharp';
import { z } from 'zod';
import { test } from './own-address';
import { holdScripts, newDesign, shareDesign, signInWithPassword } from './fixtures';
import { E2E_USERS } from './users';

/** A small photo of one colour, as a person picks one for StyleLens. */
const navyPng = async () => ({
  name: 'navy.png',
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 100, height: 60, channels: 3, background: '#1f2e50' } })
    .png()
    .toBuffer(),
});

/** A public design of the subscriber, as its results page path. */
async function sharedDesignPath(page: Page): Promise<string> {
  await signInWithPassword(page, E2E_USERS.subscriber);
  const designId = await newDesign(page, { styleDescription: 'warm oak' });
  return shareDesign(page.request, designId);
}

/** The HTML a visitor's browser receives, before any script. */
async function htmlOf(request: APIRequestContext, path: string) {
  const response = await request.get(path, { headers: { cookie: '' } });
  return { status: response.status(), html: await response.text() };
}

/** Console errors and warnings, and uncaught page errors, while `visit` runs. */
async function problemsWhile(page: Page, visit: () => Promise<void>): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await visit();
  return problems;
}

/**
 * `journey` on `path` at 390 px, every script of the page held back until it calls `release` (only the
 * few bytes inline in the HTML run until then: `release` first checks that React has not taken the page
 * over, so a journey never passes on scripts that were not held); the console's problems meanwhile.
 */
async function beforeAnyScript(page: Page, path: string, journey: (release: () => Promise<void>) => Promise<void>): Promise<string[]> {
  await page.setViewportSize({ width: 390, height: 844 });
  const releaseScripts = await holdScripts(page);
  const release = async () => {
    expect(await page.locator('#root').getAttribute('data-hydrated')).toBeNull();
    releaseScripts();
  };
  return problemsWhile(page, async () => {
    await page.goto(path, { waitUntil: 'commit' });
    await journey(release);
  });
}

test('the public pages and a shared design arrive as HTML with their heading and first image', async ({ playwright, page, baseURL }) => {
  test.setTimeout(90_000);
  const path = await sharedDesignPath(page);
  const visitor = await playwright.request.newContext({ baseURL });

  const landing = await htmlOf(visitor, '/');
  expect(landing.status).toBe(200);
  expect(landing.html).toContain('data-rendered');
  expect(landing.html).toMatch(/<h1[^>]*>See your room redesigned, <span[^>]*>with your real architecture kept<\/span><\/h1>/);
  expect(landing.html).toMatch(/<img src="\/samples\/room-1-before\.avif" alt="Living Room before the redesign"/);
  expect(landing.html).toMatch(/<img src="\/samples\/room-1-after\.avif"/);
  expect(landing.html).toContain('Beta Launch Special');
  expect(landing.html).toMatch(/<link rel="preload" as="image" href="\/samples\/room-1-before\.avif"/);
  expect(landing.html).toContain('<style>');

  const howItWorks = await htmlOf(visitor, '/how-it-works');
  expect(howItWorks.html).toMatch(/<h1[^>]*>How it works<\/h1>/);
  expect(howItWorks.html).toMatch(/<img src="\/samples\/room-1-after\.avif"/);

  const privacy = await htmlOf(visitor, '/privacy');
  expect(privacy.html).toMatch(/<h1[^>]*>Privacy<\/h1>/);

  const checkout = await htmlOf(visitor, '/checkout?email=a%40example.com');
  expect(checkout.html).toMatch(/<h1[^>]*>Complete Your Subscription<\/h1>/);
  expect(checkout.html).toMatch(/<input[^>]* id="checkout-email"/);

  // The login page and its form, with a notice asked for in the address as well.
  for (const login of ['/login', '/login?error=access_denied']) {
    const { html } = await htmlOf(visitor, login);
    expect(html).toMatch(/<h1[^>]*>Log in to Room Visualizer<\/h1>/);
    expect(html).toMatch(/<input[^>]* id="login-email"/);
  }

  const missing = await htmlOf(visitor, '/no/such/page');
  expect(missing.status).toBe(404);
  expect(missing.html).toMatch(/<h1[^>]*>Page not found<\/h1>/);

  const results = await htmlOf(visitor, path);
  expect(results.status).toBe(200);
  expect(results.html).toMatch(/<h1[^>]*>A room makeover<\/h1>/);
  expect(results.html).toMatch(/<img[^>]* alt="The original room"/);
  expect(results.html).toMatch(/<img[^>]* alt="AI-generated design: 1 of \d+"/);
  expect(results.html).toContain('<script type="application/json" id="page-data">');
  // The design, the page's first and largest image, is preloaded (with the srcset its <img> has, when it has one);
  // never the original photo under it (issue 51).
  expect(results.html).toMatch(/<link rel="preload" as="image" href="\/api\/files\/designs\/[\w-]+\/generated-1\.webp"/);
  expect(results.html).not.toMatch(/<link rel="preload" as="image" href="[^"]*\/original/);
  await visitor.dispose();
});

test('the server-rendered pages hydrate without a mismatch and stay interactive', async ({ browser, page, baseURL }) => {
  test.setTimeout(90_000);
  const path = await sharedDesignPath(page);
  const context = await browser.newContext({ baseURL });
  const visitor = await context.newPage();
  const hydrated = () => expect(visitor.locator('#root[data-hydrated]')).toBeAttached();

  const problems = await problemsWhile(visitor, async () => {
    // A visitor uses the landing without React (ADR 068): a thumbnail is a radio the stylesheet shows, and
    // Subscribe Now opens its native dialog; no script is asked for.
    const scripts: string[] = [];
    visitor.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(request.url())));
    await visitor.goto('/');
    await visitor.getByRole('radio', { name: /Show sample 2/ }).click();
    await expect(visitor.getByTestId('carousel-slide').locator('[data-slide="1"]')).toBeVisible();
    await visitor.getByRole('button', { name: 'Subscribe Now' }).click();
    await expect(visitor.getByRole('dialog', { name: 'Start your subscription' })).toBeVisible();
    await visitor.keyboard.press('Escape');
    expect(scripts).toEqual([]);
    expect(await visitor.locator('#root').getAttribute('data-hydrated')).toBeNull();

    for (const [url, heading] of [
      ['/how-it-works', 'How it works'],
      ['/privacy', 'Privacy'],
      ['/no/such/page', 'Page not found'],
    ] as const) {
      await visitor.goto(url);
      await hydrated();
      await expect(visitor.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }

    await visitor.goto(path);
    await expect(visitor.getByRole('heading', { level: 1, name: 'A room makeover' })).toBeVisible();
    await expect(visitor.getByRole('region', { name: 'Original photo' }).getByRole('img')).toBeVisible();
    await visitor.getByRole('button', { name: 'Share' }).first().click();
    await expect(visitor.getByRole('dialog', { name: 'Share your design' })).toBeVisible();
    await visitor.keyboard.press('Escape');
    await hydrated();
    // What only the browser draws (the analysis, sanitised with the DOM) is there once React runs the page.
    await expect(visitor.getByRole('heading', { name: 'Design Analysis' })).toBeVisible();
  });
  // The 404 page's own status is the only failed load.
  expect(problems.filter((problem) => !problem.includes('404 (Not Found)'))).toEqual([]);
  await context.close();

  // A signed-in person's landing is hydrated (its header says My Account): a room chosen before React runs
  // the page is taken over, and Subscribe Now opens the same dialog.
  const signedIn = await problemsWhile(page, async () => {
    await page.goto('/');
    await page.getByRole('radio', { name: /Show sample 2/ }).click();
    await expect(page.locator('#root[data-hydrated]')).toBeAttached();
    await expect(page.getByRole('link', { name: 'My Account' }).first()).toBeVisible();
    await expect(page.getByTestId('carousel-slide').locator('[data-slide="1"]')).toBeVisible();
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    await expect(page.getByRole('dialog', { name: 'Start your subscription' })).toBeVisible();
  });
  expect(signedIn).toEqual([]);
});

test('before any script has arrived: the menu opens, Report a bug and Share open their dialogs, Next image shows the next result, and a button press is kept and carried out (ADR 026, 038)', async ({
  page,
}) => {
  const path = await sharedDesignPath(page);
  // Seen as a visitor, who may copy the link.
  await page.context().clearCookies();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const problems = await beforeAnyScript(page, path, async (release) => {
    // The header menu: opened by the keeper at once.
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    // Report a bug: a native dialog the platform opens (commandfor), and what is typed stays in it.
    await page.getByRole('button', { name: 'Report a bug' }).click();
    const report = page.getByRole('dialog', { name: 'Report a bug' });
    await expect(report).toBeVisible();
    await report.getByLabel('What happened? *').fill('The share button was slow');
    await report.getByRole('button', { name: 'Cancel' }).click();
    await expect(report).toBeHidden();
    // The slider's Next image: the second result shows at once, with its number; React is given the press.
    const slider = page.getByRole('group', { name: 'AI-generated design' });
    await expect(slider.getByText('1 / 2')).toBeVisible();
    await slider.getByRole('button', { name: 'Next image' }).click();
    await expect(slider.getByText('2 / 2')).toBeVisible();
    await expect(slider.getByRole('img', { name: 'AI-generated design: 2 of 2' })).toBeVisible();
    await expect(slider.getByRole('img', { name: 'AI-generated design: 1 of 2' })).toBeHidden();
    // Share: the page's one share dialog (the Share View switch's too), opened by the platform, its Download the second image's.
    const secondDownload = await slider.getByRole('link', { name: 'Download' }).getAttribute('href');
    await slider.getByRole('button', { name: 'Share' }).click();
    const shareDialog = page.getByRole('dialog', { name: 'Share your design' });
    await expect(shareDialog).toBeVisible();
    await expect(shareDialog.getByRole('link', { name: 'Download Preview' })).toHaveAttribute('href', secondDownload ?? '');
    // Copy Link needs the page's code: the press is shown at once and kept by the keeper.
    const copy = shareDialog.getByRole('button', { name: 'Copy Link' });
    await copy.click();
    await expect(copy).toHaveAttribute('data-early-press', '');
    expect(await page.evaluate('window.__rvPresses?.length')).toBe(2);
    await release();
    await expect(page.getByText('Link copied!')).toBeVisible();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(page.url());
    // React carried Next out too, and shows the image the page already showed: a step from there goes on.
    await page.keyboard.press('Escape');
    await expect(shareDialog).toBeHidden();
    await expect(slider.getByText('2 / 2')).toBeVisible();
    await slider.getByRole('button', { name: 'Next image' }).click();
    await expect(slider.getByText('1 / 2')).toBeVisible();
    await expect(slider.getByText('2 / 2')).toBeHidden();
    await page.getByRole('button', { name: 'Report a bug' }).click();
    await expect(report.getByLabel('What happened? *')).toHaveValue('The share button was slow');
  });
  expect(problems).toEqual([]);
});

test("the owner's Refine and Shop for These Items open their dialogs before any script, and a choice made there is carried out", async ({
  page,
}) => {
  await signInWithPassword(page, E2E_USERS.earlyOwner);
  const designId = await newDesign(page, { styleDescription: 'soft sage' });
  const problems = await beforeAnyScript(page, `/furnishing-decorating/design/${designId}`, async (release) => {
    await page.getByRole('button', { name: 'Shop for These Items' }).click();
    const shop = page.getByRole('dialog', { name: 'Shop for These Items' });
    await expect(shop).toBeVisible();
    // What is chosen in the shop before any script is what it searches once React runs the page.
    await shop.getByLabel('Country').selectOption('Canada');
    await shop.getByLabel('Price range').selectOption('$$$ Premium');
    await shop.getByLabel('Category').selectOption('Lighting');
    await shop.getByRole('button', { name: 'Close' }).click();
    await expect(shop).toBeHidden();
    // 'Change only here' opens the brush at once; it says it cannot paint until the page's scripts are there.
    const slider = page.getByRole('group', { name: 'AI-generated design' });
    const paint = slider.getByRole('button', { name: messages.refineMask.changeOnlyHere });
    await paint.click();
    const area = slider.getByRole('application', { name: messages.refineMask.canvasLabel });
    await expect(area).toBeVisible();
    // The brush it opened (each image's is in the page, hidden until opened).
    const brush = page.locator(`#${await paint.getAttribute('aria-controls')}`);
    await expect(brush.getByText(messages.refineMask.gettingReady)).toBeVisible();
    // Its arrow keys are the painting area's own: they do not step the slider round it.
    await area.press('ArrowRight');
    await expect(slider.getByText(/^1 \/ \d$/)).toBeVisible();
    await expect(slider.getByRole('img', { name: /AI-generated design: 1 of/ })).toBeHidden();
    // Share your room with us says at once that it is on its way.
    await page.getByRole('button', { name: 'Share your room with us!' }).click();
    await expect(page.getByRole('button', { name: 'Sharing...' })).toBeVisible();
    await page.getByRole('button', { name: 'Refine', exact: true }).click();
    const scope = page.getByRole('dialog', { name: 'How big a change?' });
    await expect(scope).toBeVisible();
    await scope.getByRole('button', { name: /Tweak/ }).click();
    await release();
    await expect(page.getByRole('button', { name: 'Shared!' })).toBeDisabled();
    // React carried the choice out: the scope dialog gave way to Tweak's form.
    await expect(page.getByRole('dialog', { name: /Tweak/ })).toBeVisible();
    await expect(scope).toBeHidden();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Shop for These Items' }).click();
    await expect(shop.getByLabel('Country')).toHaveValue('Canada');
    await expect(shop.getByLabel('Category')).toHaveValue('Lighting');
    await expect(shop.getByRole('region', { name: 'Stores' }).getByRole('link').first()).toBeVisible();
    await page.keyboard.press('Escape');
    // The brush opened early is React's now: it paints, and no longer says it is getting ready.
    await expect(brush.getByText(messages.refineMask.gettingReady)).toBeHidden();
    const canvas = area.getByTestId('mask-canvas');
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.3);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5, { steps: 5 });
    await page.mouse.up();
    await expect(slider.getByText(messages.refineMask.painted)).toBeVisible();
  });
  expect(problems).toEqual([]);
});

test('on /login, an address typed and Sign In pressed before any script is sent once React runs the page: the link is on its way', async ({
  page,
}) => {
  const problems = await beforeAnyScript(page, '/login', async (release) => {
    await page.getByLabel('Email', { exact: true }).fill(E2E_USERS.subscriber.email);
    const signIn = page.getByRole('button', { name: 'Sign In' });
    await signIn.click();
    await expect(signIn).toHaveAttribute('data-early-press', '');
    await release();
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
    await expect(page.getByText(E2E_USERS.subscriber.email)).toBeVisible();
  });
  expect(problems).toEqual([]);
});

test('on /login before any script: a password is asked for at once, an empty address is told at once, and what is typed then signs in once React runs the page', async ({
  page,
}) => {
  const problems = await beforeAnyScript(page, '/login', async (release) => {
    const toggle = page.getByRole('button', { name: 'Use a password instead' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByLabel('Password')).toBeVisible();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please enter a valid email address' })).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
    await page.getByLabel('Email', { exact: true }).fill(E2E_USERS.earlyOwner.email);
    await page.getByLabel('Password').fill(E2E_USERS.earlyOwner.password);
    await release();
    // React carries the kept press out with what is in the fields: signed in, on to the tools.
    await expect(page).toHaveURL(/\/space-selection$/);
  });
  expect(problems.filter((problem) => !problem.includes('401 (Unauthorized)'))).toEqual([]);
});

test('on /checkout, an e-mail and a name typed before any script stay when React runs the page, which then offers the card form; the address fills them otherwise, from the first script on', async ({
  page,
}) => {
  const typed = `early.${Date.now()}@example.com`;
  const problems = await beforeAnyScript(page, '/checkout', async (release) => {
    await page.getByLabel('Email *').fill(typed);
    await page.getByLabel('Name (optional)').fill('Early Eve');
    await release();
    await expect(page.getByRole('form', { name: 'Card payment' })).toBeVisible();
    await expect(page.getByLabel('Email *')).toHaveValue(typed);
    await expect(page.getByLabel('Name (optional)')).toHaveValue('Early Eve');
  });
  // The page asks whether a subscriber is signed in: a visitor's answer is a 401, which the console notes.
  expect(problems.filter((problem) => !problem.includes('401 (Unauthorized)'))).toEqual([]);
  await page.unrouteAll();
  // The address fills the fields from the page's first script on, before React runs the page, and React keeps them.
  const releaseReact = await holdScripts(page, { firstScript: true });
  await page.goto(`/checkout?email=${encodeURIComponent(typed)}&name=Addie`, { waitUntil: 'commit' });
  await expect(page.getByLabel('Email *')).toHaveValue(typed);
  await expect(page.getByLabel('Name (optional)')).toHaveValue('Addie');
  // React, held back, has not offered the card form: the fields are the first script's doing.
  await expect(page.getByRole('form', { name: 'Card payment' })).toBeHidden();
  releaseReact();
  await expect(page.getByRole('form', { name: 'Card payment' })).toBeVisible();
  await expect(page.getByLabel('Email *')).toHaveValue(typed);
  await expect(page.getByLabel('Name (optional)')).toHaveValue('Addie');
});

test('StyleLens is in the HTML for a subscriber, at its address (?edit=true too), and hydrates without a mismatch', async ({ page }) => {
  await signInWithPassword(page, E2E_USERS.renderedLens);
  for (const [url, heading] of [
    ['/style-lens', 'Create your StyleLens'],
    ['/style-lens?edit=true', 'Edit your StyleLens'],
  ] as const) {
    const html = await (await page.request.get(url)).text();
    expect(html).toContain('data-rendered');
    expect(html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
    const problems = await problemsWhile(page, async () => {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // A photo picked is taken in and counted: the page works once React runs it.
      await page.getByLabel('Style photos', { exact: true }).setInputFiles(await navyPng());
      await expect(page.getByTestId('style-photo-count')).toHaveText('1 of 10 photos');
    });
    expect(problems).toEqual([]);
  }
});

test("the owner's thumbs answer before any script: pressed at once, the other not, and React goes on from there", async ({ page }) => {
  await signInWithPassword(page, E2E_USERS.subscriber);
  const designId = await newDesign(page, { styleDescription: 'pale linen' });
  const problems = await beforeAnyScript(page, `/furnishing-decorating/design/${designId}`, async (release) => {
    const up = page.getByRole('button', { name: 'Thumbs up' });
    const down = page.getByRole('button', { name: 'Thumbs down' });
    await down.click();
    await expect(down).toHaveAttribute('aria-pressed', 'true');
    await up.click();
    await expect(up).toHaveAttribute('aria-pressed', 'true');
    await expect(down).toHaveAttribute('aria-pressed', 'false');
    await release();
    // React carried both presses out, in order: the reason's field is there, and the thumb up stays pressed.
    await expect(page.getByLabel('Tell us why (optional)')).toBeVisible();
    await expect(up).toHaveAttribute('aria-pressed', 'true');
    await expect(down).toHaveAttribute('aria-pressed', 'false');
  });
  expect(problems).toEqual([]);
});

test('a results page the server rendered reads its design once per load: the server reads it for the HTML, and the browser starts from that answer', async ({
  page,
}) => {
  await signInWithPassword(page, E2E_USERS.subscriber);
  const designId = await newDesign(page, { styleDescription: 'soft clay' });
  const reads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === `/api/designs/${designId}`) reads.push(request.url());
  });
  for (const load of ['first', 'again'] as const) {
    if (load === 'first') await page.goto(`/furnishing-decorating/design/${designId}`);
    else await page.reload();
    await expect(page.locator('#root[data-hydrated]')).toBeAttached();
    // What only the browser draws is there: React runs the page on the answer it started from.
    await expect(page.getByRole('heading', { name: 'Design Analysis' })).toBeVisible();
    // Every request the page makes once React runs it has been made by then.
    await page.waitForLoadState('networkidle');
    expect(reads, `${load} load`).toEqual([]);
  }
});

for (const pathname of ['/', '/how-it-works']) {
  test(`the scripts of ${pathname} carry no zod: the JSON its first scripts read is checked by hand, and its forms load their schemas with them (ADR 038; zod's core was ~25 KiB compressed more, and a long task on a phone)`, async ({
    playwright,
    baseURL,
  }) => {
    const visitor = await playwright.request.newContext({ baseURL });
    const { html } = await htmlOf(visitor, pathname);
    const listed = html.match(/<script type="application\/json" id="page-scripts">([^<]*)<\/script>/)?.[1];
    expect(listed).toBeDefined();
    const scripts = readJson(z.array(z.string()), listed!) ?? [];
    expect(scripts.length).toBeGreaterThan(3);
    for (const script of scripts) {
      const code = await (await visitor.get(script)).text();
      // zod's classes name themselves ('$ZodType', '$ZodObject'...) in strings a minifier keeps.
      expect(code.includes('$ZodType'), `${script} carries zod`).toBe(false);
    }
    await visitor.dispose();
  });
}
