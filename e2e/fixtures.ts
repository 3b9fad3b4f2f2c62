import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { resultsPagePath } from '@rv/contracts/pages';
import sharp from 'sharp';
import { drawRoom } from '@rv/testing/test-rooms';
import { decodeQuotedPrintable } from '../apps/server/test/fixtures';

/** The running server's data folder (set up by playwright.config.ts). */
export const dataDir = () => process.env.E2E_DATA_DIR!;

/** The messages the local SMTP server received for `to`, oldest first (decoded for reading). */
export function inboxFor(to: string): string[] {
  const inbox = path.join(dataDir(), 'smtp-inbox');
  if (!existsSync(inbox)) return [];
  return readdirSync(inbox)
    .sort()
    .map((file) => decodeQuotedPrintable(readFileSync(path.join(inbox, file), 'utf8')))
    .filter((eml) => eml.startsWith(`X-Envelope-To: ${to}`));
}

/** Stored files under DATA_DIR/files with the given key prefix. */
export function storedFiles(prefix: string): string[] {
  const root = path.join(dataDir(), 'files', prefix);
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.webp'));
}

/** Signs in through the real magic-link flow: asks for a link, reads it from the SMTP delivery, opens it. */
export async function signInWithMagicLink(page: Page, email: string) {
  const before = inboxFor(email).length;
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await expect.poll(() => inboxFor(email).length, { timeout: 20_000 }).toBeGreaterThan(before);
  const link = inboxFor(email)
    .at(-1)!
    .match(/https?:\/\/[^\s"<>]+\/process-login\?[^\s"<>]+/)![0]
    .replaceAll('&amp;', '&');
  await page.goto(link);
}

/** Signs in through the password call; the page's browser context keeps the session cookie. */
export async function signInWithPassword(page: Page, user: { email: string; password: string }) {
  const res = await page.request.post('/api/login/password', { data: { email: user.email, password: user.password } });
  expect(res.status()).toBe(200);
}

export async function transformationsUsed(page: Page): Promise<number> {
  return (await (await page.request.get('/api/user-profile')).json()).transformationsUsed as number;
}

/** A drawn room photo of 480x360 as a JPEG file to give a form's photo field. */
export const roomJpeg = async () => ({
  name: 'room.jpg',
  mimeType: 'image/jpeg',
  buffer: await sharp(await drawRoom({ width: 480, height: 360 }))
    .jpeg()
    .toBuffer(),
});

/** A Furnishing & Decorating design of a drawn room photo, made through the API as the signed-in page's user; its id.
 * A photo wider than a thumbnail (720 px) gets a srcset on the results page. `origin` is for a spec's own server. */
export async function newDesign(
  page: Page,
  { photo = { width: 480, height: 360 }, styleDescription = 'sage green', origin = '' } = {},
): Promise<string> {
  const room = await sharp(await drawRoom(photo))
    .jpeg()
    .toBuffer();
  const res = await page.request.post(`${origin}/api/room-design`, {
    multipart: {
      architecturalChanges: 'no',
      styleDescription,
      roomPhoto: { name: 'room.jpg', mimeType: 'image/jpeg', buffer: room },
    },
    timeout: 120_000,
  });
  expect(res.status()).toBe(200);
  return (await res.json()).designId as string;
}

/** Makes a Furnishing & Decorating design public (its owner's request context); the path of its results page. */
export async function shareDesign(request: APIRequestContext, designId: string): Promise<string> {
  const path = resultsPagePath('furnishing', designId);
  const shared = await request.patch(`/api/room-designs/update/${designId}?fd_public=true`, {
    data: { url: path, isfdDesign: true, iskbDesign: false },
  });
  expect(shared.status()).toBe(200);
  return path;
}

/**
 * A file that starts like a JPEG (so the browser's first-bytes check takes it) but is no picture: the
 * server reads it and refuses it.
 */
export function brokenJpeg(name: string) {
  return {
    name,
    mimeType: 'image/jpeg',
    buffer: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(`not a photo: ${name}`)]),
  };
}

/**
 * Holds back every script of the page (the first one, which the inline keeper asks for after the first
 * paint, and the page's code) until the answer is called; only the HTML and the keeper run meanwhile.
 * With `firstScript`, the page's first script (the build's entry, `index-*.js`: lib/press/early-press.ts and the
 * early painting) runs, and only React and the page's code are held.
 */
export async function holdScripts(page: Page, { firstScript = false } = {}): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[\w.-]+\.js$/, async (route) => {
    if (!(firstScript && /\/assets\/index-[\w-]+\.js$/.test(route.request().url()))) await released;
    await route.continue();
  });
  return release;
}

/**
 * Watches the page's document at each change of its DOM for an element matching `selector` on screen, and
 * answers a check that passes once one has been seen, however short its stay (a design's progress, which
 * the local engine ends in a moment: a check that polls can miss it between two looks).
 */
export async function watchForShown(page: Page, selector: string): Promise<() => Promise<void>> {
  // Code for the page's document, as text: this programme has no DOM types.
  await page.evaluate(`(() => {
    const wanted = ${JSON.stringify(selector)};
    const seen = () => {
      if (![...document.querySelectorAll(wanted)].some((element) => element.checkVisibility())) return false;
      document.documentElement.setAttribute('data-seen', wanted);
      return true;
    };
    if (seen()) return;
    const observer = new MutationObserver(() => seen() && observer.disconnect());
    observer.observe(document, { subtree: true, childList: true, attributes: true });
  })()`);
  return () => expect(page.locator('html')).toHaveAttribute('data-seen', selector);
}

/**
 * A property of the DOM object under `locator` (an image's `naturalWidth`, `currentSrc`): the browser tests'
 * types carry no DOM library, so the property is read by its name and its kind checked here, not cast.
 */
async function domProperty(locator: Locator, name: string): Promise<unknown> {
  return locator.evaluate((element, key): unknown => Reflect.get(element, key), name);
}
export async function numberProperty(locator: Locator, name: string): Promise<number> {
  const value = await domProperty(locator, name);
  if (typeof value !== 'number') throw new Error(`${name} is ${typeof value}, not a number`);
  return value;
}
export async function stringProperty(locator: Locator, name: string): Promise<string> {
  const value = await domProperty(locator, name);
  if (typeof value !== 'string') throw new Error(`${name} is ${typeof value}, not a string`);
  return value;
}
