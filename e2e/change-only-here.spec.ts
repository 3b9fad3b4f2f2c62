import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { messages } from '@rv/contracts/messages';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { maskedDifference } from '../apps/server/src/engines/mask/mask-psnr';
import { dataDir, holdScripts, newDesign, shareDesign, signInWithPassword } from './fixtures';
import { E2E_USERS } from './users';

/**
 * 'Change only here' (ADR 022): paint over part of a result, refine it in words, and the new refined
 * image differs from its base inside the painted area and equals it outside the feathered band,
 * measured on the stored files (PSNR against the base image).
 */

const text = messages.refineMask;
/** The canvas of the brush open in `slider` (each image that can be painted on has its brush in the page, hidden until opened). */
const openCanvas = (slider: Locator) => slider.getByRole('application', { name: text.canvasLabel }).getByTestId('mask-canvas');
const stored = (url: string) => readFileSync(path.join(dataDir(), 'files', decodeURIComponent(url.replace(/^\/api\/files\//, ''))));

interface RecordImage {
  kind: string;
  url: string;
  maskUrl?: string;
  width: number;
  height: number;
}

/**
 * Waits, as a person does, until the brush `paint` opened can paint: opened before the page's first script
 * has run, it says it is getting ready until then (each image's brush is in the page: the one its
 * aria-controls names). From that script on it paints, React running the page or not (early-painting.ts).
 */
async function untilBrushReady(page: Page, paint: Locator) {
  const brush = page.locator(`#${await paint.getAttribute('aria-controls')}`);
  await expect(brush.getByRole('application', { name: text.canvasLabel })).toBeVisible();
  await expect(brush.getByText(text.gettingReady)).toBeHidden();
}

/** Opens a fresh design's results page and turns its first AI-generated image into the canvas, ready to paint. */
async function openBrush(page: Page) {
  const designId = await newDesign(page, { photo: { width: 800, height: 600 } });
  await page.goto(`/furnishing-decorating/design/${designId}`);
  const slider = page.getByRole('group', { name: 'AI-generated design' });
  const paint = slider.getByRole('button', { name: text.changeOnlyHere });
  await paint.click();
  await untilBrushReady(page, paint);
  const canvas = openCanvas(slider);
  await expect(canvas).toBeVisible();
  return { designId, slider, canvas };
}

/** Refines with the Tweak dialog, which says the painted area alone will change; waits for Refined #1. */
async function tweak(page: Page, words: string) {
  await page.getByRole('region', { name: 'Want something different? Refine your design' }).getByRole('button', { name: 'Refine' }).click();
  await page.getByRole('dialog', { name: 'How big a change?' }).getByRole('button', { name: /Tweak/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Tweak your design' });
  await expect(dialog.getByText(text.painted)).toBeVisible();
  await dialog.getByLabel('What would you like to change?').fill(words);
  await dialog.getByRole('button', { name: 'Refine my design' }).click();
  await expect(page.getByText('Refined #1')).toBeVisible({ timeout: 60_000 });
}

/** The stored files of the refinement: its base (the painted image), the refined image and its mask; the PSNR outside. */
async function measured(page: Page, designId: string, baseUrl: string) {
  const record = (await (await page.request.get(`/api/room-design/${designId}`)).json()) as { designImages: RecordImage[] };
  const refined = record.designImages.find((image) => image.kind === 'refined')!;
  expect(refined.maskUrl).toBeTruthy();
  const base = record.designImages.find((image) => image.url === baseUrl)!;
  expect([refined.width, refined.height]).toEqual([base.width, base.height]);
  const difference = await maskedDifference(stored(base.url), stored(refined.url), stored(refined.maskUrl!));
  console.log(
    `change-only-here ${test.info().title}: PSNR outside the feathered band ${difference.psnrOutside.toFixed(1)} dB over ${difference.outsidePixels} px; mean difference inside ${difference.meanDiffInside.toFixed(1)} over ${difference.insidePixels} px`,
  );
  expect(difference.psnrOutside).toBeGreaterThanOrEqual(45);
  expect(difference.meanDiffInside).toBeGreaterThan(3);
  expect(difference.insidePixels).toBeGreaterThan(0);
  return difference;
}

test.describe('desktop', () => {
  // Tall enough for the whole 992 px wide image below the sticky bars.
  test.use({ viewport: { width: 1280, height: 1100 } });

  test('desktop: paint with the mouse (erase, undo, clear on the way), refine "make the sofa blue", only the painted area changes', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await signInWithPassword(page, E2E_USERS.brush);
    const { designId, slider, canvas } = await openBrush(page);
    const baseUrl = (await openCanvas(slider).locator('xpath=preceding-sibling::img').getAttribute('src'))!;
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    const stroke = async (from: [number, number], to: [number, number]) => {
      await page.mouse.move(box.x + from[0] * box.width, box.y + from[1] * box.height);
      await page.mouse.down();
      for (let i = 1; i <= 8; i++)
        await page.mouse.move(
          box.x + (from[0] + ((to[0] - from[0]) * i) / 8) * box.width,
          box.y + (from[1] + ((to[1] - from[1]) * i) / 8) * box.height,
        );
      await page.mouse.up();
    };
    // The brush and its tools pass axe.
    const axe = await new AxeBuilder({ page }).include('[role="application"]').include('[role="toolbar"]').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    const undo = slider.getByRole('button', { name: text.undo });
    const clear = slider.getByRole('button', { name: text.clear });
    await expect(undo).toBeDisabled();
    await stroke([0.1, 0.2], [0.9, 0.2]);
    await expect(undo).toBeEnabled();
    await undo.click();
    await expect(undo).toBeDisabled();
    await stroke([0.1, 0.3], [0.9, 0.3]);
    await clear.click();
    await expect(clear).toBeDisabled();

    // A bigger brush over the lower left (where the sofa would be), then a line erased through it.
    await slider.getByRole('slider', { name: text.brushSize }).fill('14');
    for (const y of [0.62, 0.7, 0.78]) await stroke([0.15, y], [0.55, y]);
    await slider.getByRole('button', { name: text.erase }).click();
    await expect(slider.getByRole('button', { name: text.erase })).toHaveAttribute('aria-pressed', 'true');
    await stroke([0.35, 0.55], [0.35, 0.85]);
    await expect(slider.getByText(text.painted)).toBeVisible();

    await tweak(page, 'make the sofa blue');
    await measured(page, designId, baseUrl);
    // The refined image shows where it changed, faintly; the brush is put away.
    const refinedSlider = page.getByRole('group', { name: 'Refined' });
    await expect(refinedSlider.getByTestId('changed-area')).toBeVisible();
    await refinedSlider.getByLabel(text.showChangedArea).uncheck();
    await expect(refinedSlider.getByTestId('changed-area')).toBeHidden();
    await expect(page.getByRole('application', { name: text.canvasLabel })).toHaveCount(0);
  });
});

test.describe('phone with touch', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('390 px: paint with a finger, refine, only the painted area changes; the canvas also fits 320 px', async ({ page }) => {
    test.setTimeout(150_000);
    await signInWithPassword(page, E2E_USERS.brushPhone);
    const { designId, slider, canvas } = await openBrush(page);
    const baseUrl = (await openCanvas(slider).locator('xpath=preceding-sibling::img').getAttribute('src'))!;
    await canvas.scrollIntoViewIfNeeded();
    const touch = await page.context().newCDPSession(page);
    const swipe = async (from: [number, number], to: [number, number]) => {
      const box = (await canvas.boundingBox())!;
      const at = (p: [number, number]) => [{ x: box.x + p[0] * box.width, y: box.y + p[1] * box.height, id: 1 }];
      await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(from) });
      for (let i = 1; i <= 10; i++)
        await touch.send('Input.dispatchTouchEvent', {
          type: 'touchMove',
          touchPoints: at([from[0] + ((to[0] - from[0]) * i) / 10, from[1] + ((to[1] - from[1]) * i) / 10]),
        });
      await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    const scrolled = await page.evaluate<number>('window.scrollY');
    await swipe([0.2, 0.6], [0.6, 0.6]);
    await swipe([0.2, 0.75], [0.6, 0.75]);
    // Painting does not scroll the page.
    expect(await page.evaluate<number>('window.scrollY')).toBe(scrolled);
    await expect(slider.getByRole('button', { name: text.undo })).toBeEnabled();

    // At 320 px the canvas and its tools fit the screen, and a finger still paints.
    await page.setViewportSize({ width: 320, height: 700 });
    // Once the page has laid itself out again at the new width (the brush's canvas follows its box in the next frame).
    await expect.poll(() => page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(320);
    expect((await canvas.boundingBox())!.width).toBeLessThanOrEqual(320);
    for (const name of [text.paint, text.erase, text.undo, text.clear]) {
      const button = (await slider.getByRole('button', { name, exact: true }).boundingBox())!;
      expect(button.x + button.width).toBeLessThanOrEqual(320);
    }
    await swipe([0.2, 0.68], [0.6, 0.68]);
    await page.setViewportSize({ width: 390, height: 844 });

    await tweak(page, 'make the sofa blue');
    await measured(page, designId, baseUrl);
  });
});

test('keyboard only: a rectangle drawn with the arrow keys and Enter, then refined', async ({ page }) => {
  test.setTimeout(150_000);
  await signInWithPassword(page, E2E_USERS.brushKeys);
  const designId = await newDesign(page, { photo: { width: 800, height: 600 } });
  await page.goto(`/furnishing-decorating/design/${designId}`);
  const slider = page.getByRole('group', { name: 'AI-generated design' });
  const paint = slider.getByRole('button', { name: text.changeOnlyHere });
  await paint.focus();
  await page.keyboard.press('Enter');
  await untilBrushReady(page, paint);
  const area = slider.getByRole('application', { name: text.canvasLabel });
  await expect(area).toBeVisible();
  const baseUrl = (await openCanvas(slider).locator('xpath=preceding-sibling::img').getAttribute('src'))!;
  // Tab from the image's own controls reaches the painting area.
  await slider.focus();
  await page.keyboard.press('Tab');
  await expect(area).toBeFocused();
  // The cross starts in the middle: left and down to one corner, Enter; right and down to the other, Enter.
  await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(slider.getByText(text.painted)).toBeVisible();
  // The arrow keys moved the cross, not the slider.
  await expect(slider.getByText('1 / 2')).toBeVisible();

  await page.getByRole('region', { name: 'Want something different? Refine your design' }).getByRole('button', { name: 'Refine' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'How big a change?' }).getByRole('button', { name: /Tweak/ }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Tweak your design' });
  await dialog.getByLabel('What would you like to change?').focus();
  await page.keyboard.type('make the sofa blue');
  await dialog.getByRole('button', { name: 'Refine my design' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Refined #1')).toBeVisible({ timeout: 60_000 });
  const difference = await measured(page, designId, baseUrl);
  // The rectangle: from (0.4, 0.52) to (0.52, 0.62) of the image.
  const record = (await (await page.request.get(`/api/room-design/${designId}`)).json()) as { designImages: RecordImage[] };
  const refined = record.designImages.find((image) => image.kind === 'refined')!;
  expect(difference.insidePixels / (refined.width * refined.height)).toBeCloseTo(0.12 * 0.1, 3);
});

test('before React runs the page: a stroke and a keyboard rectangle are drawn at once, become the brush’s painting, and only that area changes', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 1100 });
  await signInWithPassword(page, E2E_USERS.brushEarly);
  const designId = await newDesign(page, { photo: { width: 800, height: 600 } });
  // The page's first script runs; React and the page's code are held.
  const release = await holdScripts(page, { firstScript: true });
  await page.goto(`/furnishing-decorating/design/${designId}`, { waitUntil: 'commit' });
  const slider = page.getByRole('group', { name: 'AI-generated design' });
  const paint = slider.getByRole('button', { name: text.changeOnlyHere });
  await paint.click();
  await untilBrushReady(page, paint);
  const canvas = openCanvas(slider);
  const baseUrl = (await canvas.locator('xpath=preceding-sibling::img').getAttribute('src'))!;
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 0.15 * box.width, box.y + 0.3 * box.height);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(box.x + (0.15 + 0.03 * i) * box.width, box.y + 0.3 * box.height);
  await page.mouse.up();
  // Drawn at once, on the canvas itself.
  const paintedPixels = `(() => { const canvas = document.querySelector('#${await paint.getAttribute('aria-controls')} canvas');
    return canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data.filter((value, i) => i % 4 === 3 && value > 0).length; })()`;
  expect(await page.evaluate<number>(paintedPixels)).toBeGreaterThan(0);
  // The rectangle from the keyboard: the cross starts in the middle; its keys are kept for the painting area.
  await slider.getByRole('application', { name: text.canvasLabel }).focus();
  for (const key of ['Shift+ArrowLeft', 'ArrowDown', 'Enter', 'Shift+ArrowRight', 'Shift+ArrowDown', 'ArrowRight', 'Enter'])
    await page.keyboard.press(key);
  await expect(slider.getByText('1 / 2')).toBeVisible();
  // React has not run the page (its scripts are held): what was painted is the first script's, and the
  // brush's own word for a painting, which only React shows, is not there yet.
  await expect(slider.getByText(text.painted)).toBeHidden();

  release();
  // React runs the page: the brush is open with the stroke, and the keys drew the rectangle.
  await expect(slider.getByText(text.painted)).toBeVisible();
  await expect(slider.getByRole('button', { name: text.undo })).toBeEnabled();
  await expect(paint).toHaveAttribute('aria-expanded', 'true');
  await expect(slider.getByText('1 / 2')).toBeVisible();
  await tweak(page, 'make the sofa blue');
  const difference = await measured(page, designId, baseUrl);
  // Both changed: more than the rectangle alone (0.12 x 0.1 of the image).
  const record = (await (await page.request.get(`/api/room-design/${designId}`)).json()) as { designImages: RecordImage[] };
  const refined = record.designImages.find((image) => image.kind === 'refined')!;
  expect(difference.insidePixels / (refined.width * refined.height)).toBeGreaterThan(0.12 * 0.1 * 1.5);
});

test("My Designs' preview: paint on a saved image, and 'Refine this area' carries the painting to its results page", async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await signInWithPassword(page, E2E_USERS.brushPreview);
  const designId = await newDesign(page, { photo: { width: 800, height: 600 } });
  const design = (await (await page.request.get(`/api/room-design/${designId}`)).json()) as {
    designImages: (RecordImage & { id: string; position: number | null })[];
  };
  const second = design.designImages.find((image) => image.position === 1)!;
  expect((await page.request.patch(`/api/designs/${designId}/images/${second.id}`, { data: { saved: true, name: 'Den' } })).status()).toBe(
    200,
  );
  await page.goto('/account');
  await page.getByRole('button', { name: 'Preview Den' }).click();
  const preview = page.getByRole('dialog', { name: 'Den' });
  await preview.getByRole('button', { name: text.changeOnlyHere }).click();
  const canvas = preview.getByTestId('mask-canvas');
  await expect(canvas).toBeVisible();
  await expect(preview.getByRole('button', { name: text.refineThisArea })).toBeDisabled();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.55, { steps: 8 });
  await page.mouse.up();
  await preview.getByRole('button', { name: text.refineThisArea }).click();

  // The results page opens on that image with the brush and the painting.
  await expect(page).toHaveURL(new RegExp(`/design/${designId}$`));
  const slider = page.getByRole('group', { name: 'AI-generated design' });
  await expect(slider.getByText('2 / 2')).toBeVisible();
  await expect(openCanvas(slider)).toBeVisible();
  await expect(slider.getByText(text.painted)).toBeVisible();
  await expect(openCanvas(slider).locator('xpath=preceding-sibling::img')).toHaveAttribute('src', second.url);
  await tweak(page, 'make the sofa blue');
  await measured(page, designId, second.url);
});

test("a shared design's visitor: the page asks for nothing that answers 4xx (no painted area), and shows none of the owner's words", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await signInWithPassword(page, E2E_USERS.brushShare);
  const designId = await newDesign(page, { photo: { width: 800, height: 600 }, styleDescription: 'quokka mood' });
  await page.goto(`/furnishing-decorating/design/${designId}`);
  const slider = page.getByRole('group', { name: 'AI-generated design' });
  const paint = slider.getByRole('button', { name: text.changeOnlyHere });
  await paint.focus();
  await page.keyboard.press('Enter');
  await untilBrushReady(page, paint);
  await slider.getByRole('application', { name: text.canvasLabel }).focus();
  for (const key of ['Shift+ArrowLeft', 'Enter', 'Shift+ArrowRight', 'Shift+ArrowDown', 'Enter']) await page.keyboard.press(key);
  await expect(slider.getByText(text.painted)).toBeVisible();
  await tweak(page, 'paint the Kittiwake mural here');
  // The owner sees the painted area on the refinement, and their words in the analysis.
  await expect(page.getByRole('group', { name: 'Refined' }).getByTestId('changed-area')).toBeVisible();
  await expect(page.getByText('paint the Kittiwake mural here')).toBeVisible();
  const path = await shareDesign(page.request, designId);

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  const refused: string[] = [];
  visitorPage.on('response', (response) => {
    if (response.status() >= 400) refused.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  await visitorPage.goto(path);
  await expect(visitorPage.getByText('Refined #1')).toBeVisible();
  await expect(visitorPage.getByText('The area you changed')).toBeVisible();
  await visitorPage.waitForLoadState('networkidle');
  expect(refused).toEqual([]);
  await expect(visitorPage.getByTestId('changed-area')).toHaveCount(0);
  await expect(visitorPage.getByText(/Kittiwake|quokka/)).toHaveCount(0);
  await visitor.close();
});
