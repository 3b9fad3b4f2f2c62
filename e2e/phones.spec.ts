// Phone widths: at 320, 360 and 390 px the site header is one line, no button breaks its
// label over two lines, and nothing scrolls sideways, on the landing page, How it works, the account page,
// both tool pages and the results page (the owner's and its public view), signed in and out.
import AxeBuilder from '@axe-core/playwright';
import { roomDesign } from '@rv/contracts/api/designs';
import { expect, test, type Page } from '@playwright/test';
import { newDesign, shareDesign, signInWithPassword } from './fixtures';
import { E2E_USERS } from './users';

const WIDTHS = [320, 360, 390] as const;
const HEIGHT = 760;

/**
 * What does not fit a phone, measured in the page: the header's links and buttons whose text takes more
 * than one line or which stand outside the header's one row, the buttons (and links drawn as buttons)
 * whose label wraps, and how far the page scrolls sideways.
 */
function phoneLayout(page: Page) {
  // The page's own elements (the e2e project is compiled without the DOM types, so they go untyped).
  return page.locator('html').evaluate((html) => {
    type PageElement = typeof html;
    const doc = html.ownerDocument;
    const view = doc.defaultView;
    const visible = (el: PageElement) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && view.getComputedStyle(el).visibility !== 'hidden';
    };
    /** The element's text on one line: every box of its text overlaps the first one vertically. */
    const oneLine = (el: PageElement) => {
      const boxes: { top: number; bottom: number; width: number }[] = [];
      const walker = doc.createTreeWalker(el, view.NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = doc.createRange();
        range.selectNodeContents(node);
        boxes.push(...Array.from<{ top: number; bottom: number; width: number }>(range.getClientRects()).filter((box) => box.width > 1));
      }
      const [first] = boxes;
      return !first || boxes.every((box) => box.top < first.bottom - 1 && box.bottom > first.top + 1);
    };
    const label = (el: PageElement): string => (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ');
    const all = (root: PageElement, selector: string): PageElement[] => Array.from(root.querySelectorAll(selector));

    const header: PageElement = doc.querySelector('header');
    const headerProblems: string[] = [];
    if (!header) headerProblems.push('no header');
    else {
      const row = header.getBoundingClientRect();
      // The menu's panel hangs below the header when it is open; it is checked closed here.
      for (const el of all(header, 'a, button').filter(visible)) {
        const box = el.getBoundingClientRect();
        if (!oneLine(el)) headerProblems.push(`'${label(el)}' breaks over two lines`);
        if (box.top < row.top - 0.5 || box.bottom > row.bottom + 0.5) headerProblems.push(`'${label(el)}' is outside the header's row`);
        if (box.left < -0.5 || box.right > view.innerWidth + 0.5) headerProblems.push(`'${label(el)}' is off the screen`);
      }
    }
    const wrappedButtons = all(html, 'button, [role="button"], [role="switch"], [data-slot="button"]')
      .filter(visible)
      .filter((el) => !oneLine(el))
      .map(label);
    return {
      headerProblems,
      wrappedButtons,
      sideways: Math.max(0, html.scrollWidth - view.innerWidth),
      headerHeight: header ? header.getBoundingClientRect().height : 0,
    };
  });
}

/** The page as it has settled (its heading shown, its images in): one header line, no wrapped button, no sideways scroll. */
async function expectFitsPhone(page: Page, what: string) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect.poll(() => page.locator('img:not([loading="lazy"])').evaluateAll((imgs) => imgs.every((img) => img.complete))).toBe(true);
  const width = page.viewportSize()!.width;
  await expect
    .poll(() => phoneLayout(page), { message: `${what} at ${width} px` })
    .toEqual({ headerProblems: [], wrappedButtons: [], sideways: 0, headerHeight: 65 });
  // The header's own names are there, each on one line (the account link may be in the menu).
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Room Visualizer' })).toBeVisible();
}

/** A finished design of a drawn room by the signed-in user: its first image saved to My Designs, its page shared. */
async function sharedDesign(page: Page): Promise<string> {
  const request = page.request;
  const designId = await newDesign(page, { styleDescription: 'soft linen and pale oak' });
  const design = roomDesign.parse(await (await request.get(`/api/room-design/${designId}`)).json());
  const firstImage = design.designImages.find((image) => image.position === 0)!;
  const saved = await request.patch(`/api/designs/${designId}/images/${firstImage.id}`, {
    data: { saved: true, name: 'A long name for a small phone screen, living room by the window', roomType: 'living room' },
  });
  expect(saved.status()).toBe(200);
  return shareDesign(request, designId);
}

for (const width of WIDTHS) {
  test(`signed out at ${width} px: the landing page, How it works, the account and tool pages (where they send a visitor)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: HEIGHT });
    for (const path of ['/', '/how-it-works', '/account', '/furnishing-decorating', '/kitchen-bathroom']) {
      await page.goto(path);
      await expectFitsPhone(page, `${path} signed out`);
    }
  });

  test(`signed in at ${width} px: the landing page, How it works, the account page and both tools`, async ({ page }) => {
    await page.setViewportSize({ width, height: HEIGHT });
    await signInWithPassword(page, E2E_USERS.phone);
    for (const [path, heading] of [
      ['/', /redesigned/],
      ['/how-it-works', 'How it works'],
      ['/account', 'Your Account'],
      ['/furnishing-decorating', /Furnishing & Decorating/],
      ['/kitchen-bathroom', /Kitchen & Bathroom/],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectFitsPhone(page, `${path} signed in`);
    }
  });
}

test('the results page (the owner’s, and its public view) and My Designs with it, at 320, 360 and 390 px', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInWithPassword(page, E2E_USERS.phone);
  const path = await sharedDesign(page);
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    await page.goto(path);
    await expect(page.getByRole('switch', { name: 'Share View' })).toBeVisible();
    await expectFitsPhone(page, 'the owner’s results page');
    // 'My Account' once: the results page's own header has it, the site header leaves it out there.
    await expect(page.getByRole('link', { name: 'My Account' })).toHaveCount(1);
    await expect(page.getByRole('main').getByRole('link', { name: 'My Account' })).toBeVisible();

    await page.goto('/account');
    await expect(page.getByText('A long name for a small phone screen', { exact: false }).first()).toBeVisible();
    await expectFitsPhone(page, 'the account page with a saved design');

    await visitor.setViewportSize({ width, height: HEIGHT });
    await visitor.goto(path);
    await expect(visitor.getByRole('region', { name: 'Original photo' }).getByRole('img')).toBeVisible();
    await expectFitsPhone(visitor, 'the public results page');
    await expect(visitor.getByRole('link', { name: 'Log In' })).toHaveCount(1);
    await expect(visitor.getByRole('main').getByRole('link', { name: 'Log In' })).toBeVisible();
  }
  await visitorContext.close();
});

test('on a 320 px phone the header menu holds How it works and the account link: Escape closes it, a link follows', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: HEIGHT });
  await signInWithPassword(page, E2E_USERS.phone);
  await page.goto('/privacy');
  const banner = page.getByRole('banner');
  const menu = banner.getByRole('button', { name: 'Menu' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(banner.getByRole('link', { name: 'How it works' })).toBeHidden();

  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(banner.getByRole('link', { name: 'How it works' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'My Account' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(banner.getByRole('link', { name: 'How it works' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();
  await expect(banner.getByRole('link', { name: 'My Account' })).toBeHidden();

  await menu.click();
  await banner.getByRole('link', { name: 'My Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Account' })).toBeVisible();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');

  // From 640 px up everything is in the row and there is no menu.
  await page.setViewportSize({ width: 640, height: HEIGHT });
  await expect(menu).toBeHidden();
  await expect(banner.getByRole('link', { name: 'How it works' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'My Account' })).toBeVisible();
});

test('axe at 320 px: the landing page with the header menu open, and a tool page', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: HEIGHT });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible();
  const landing = await new AxeBuilder({ page }).analyze();
  expect(landing.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await signInWithPassword(page, E2E_USERS.phone);
  await page.goto('/kitchen-bathroom');
  await expect(page.getByRole('button', { name: 'Generate Kitchen & Bathroom Design' })).toBeVisible();
  const tool = await new AxeBuilder({ page }).analyze();
  expect(tool.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
