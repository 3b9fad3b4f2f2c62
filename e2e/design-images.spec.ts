// Images are rows: a saved image keeps its name, room type, notes and saved state while other images
// are added in front of it (refinements), after it (Fix Room) and removed (delete), and two tabs that
// edit different images of one design keep each other's edits.
import { messages } from '@rv/contracts/messages';
import { expect, test, type Page } from '@playwright/test';
import { newDesign, signInWithPassword } from './fixtures';
import { E2E_USERS } from './users';

interface DesignImageRow {
  id: string;
  url: string;
  position: number | null;
  saved: boolean;
  name: string | null;
  roomType: string | null;
  notes: string | null;
}
interface DesignAnswer {
  designImages: DesignImageRow[];
  refinedImageStorageUrls: string[];
  refinedImageUrls: string[];
  refinedSaveStatusList: boolean[];
  projectNameMap: Record<string, string>;
  roomTypeMap: Record<string, string>;
  notesMap: Record<string, string>;
}

const readDesign = async (page: Page, designId: string): Promise<DesignAnswer> =>
  (await page.request.get(`/api/room-design/${designId}`)).json();

const generated = (page: Page) => page.getByRole('group', { name: 'AI-generated design' });

/** Saves the generated image the slider shows through the page's Save To My Designs dialog. */
async function saveShownImage(page: Page, details: { name: string; roomType: string; notes: string }) {
  await generated(page).getByRole('button', { name: 'Save Design' }).click();
  const save = page.getByRole('dialog', { name: 'Save To My Designs' });
  await save.getByLabel('Design Name *').fill(details.name);
  await save.getByLabel('Room Type').selectOption(details.roomType);
  await save.getByLabel('Notes (Optional)').fill(details.notes);
  await save.getByRole('button', { name: 'Save Design' }).click();
  await expect(page.getByText(messages.account.designSaved(details.name))).toBeVisible();
  await expect(save).toBeHidden();
}

/** Moves the generated slider to image `n` (1-based) of `total`. */
async function showGenerated(page: Page, n: number, total: number) {
  const slider = generated(page);
  await slider.focus();
  for (let i = 0; i < total; i += 1) {
    if (await slider.getByText(`${n} / ${total}`).isVisible()) return;
    await page.keyboard.press('ArrowRight');
  }
  await expect(slider.getByText(`${n} / ${total}`)).toBeVisible();
}

async function refine(page: Page, panel: string, change: string) {
  await page.getByRole('region', { name: panel }).getByRole('button', { name: 'Refine' }).click();
  await page.getByRole('button', { name: /^Tweak/ }).click();
  const tweak = page.getByRole('dialog', { name: 'Tweak your design' });
  await tweak.getByLabel('What would you like to change?').fill(change);
  await tweak.getByRole('button', { name: 'Refine my design' }).click();
  await expect(tweak).toBeHidden();
}

/** The row, and what the spec's position-keyed answer says at that row's position. */
function atRowOf(design: DesignAnswer, imageId: string) {
  const row = design.designImages.find((image) => image.id === imageId);
  const key = String(row?.position);
  return {
    row,
    url: design.refinedImageStorageUrls[row?.position ?? -1],
    saved: design.refinedSaveStatusList[row?.position ?? -1],
    name: design.projectNameMap[key],
    roomType: design.roomTypeMap[key],
    notes: design.notesMap[key],
  };
}

test('save an image, fix the room, refine twice, delete another image: every image keeps its own name, room type, notes and saved state', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signInWithPassword(page, E2E_USERS.editor);
  const designId = await newDesign(page);
  await page.goto(`/furnishing-decorating/design/${designId}`);
  await expect(generated(page).getByText('1 / 2')).toBeVisible();

  await saveShownImage(page, { name: 'Warm Loft', roomType: 'Living Room', notes: 'Keep the oak beams' });
  await expect(generated(page).getByRole('button', { name: 'Saved' })).toBeDisabled();
  await showGenerated(page, 2, 2);
  await saveShownImage(page, { name: 'Spare Den', roomType: 'Bedroom', notes: 'To be deleted' });

  const before = await readDesign(page, designId);
  const loft = before.designImages.find((image) => image.name === 'Warm Loft')!;
  const den = before.designImages.find((image) => image.name === 'Spare Den')!;
  expect(loft.position).toBe(0);
  expect(den.position).toBe(1);

  // Fix Room adds images; then two refinements go in front of every image.
  await page.getByText("Room architecture doesn't match your original?").click();
  await page.getByRole('button', { name: 'Fix Room' }).click();
  await expect(generated(page).getByText(/^\d \/ [3-9]$/).filter({ visible: true })).toBeVisible({ timeout: 60_000 });
  await refine(page, 'Want something different? Refine your design', 'warmer light');
  await expect(page.getByText('Refined #1')).toBeVisible({ timeout: 60_000 });
  await refine(page, 'Want something different Again?', 'an oak floor');
  await expect(page.getByText('Refined #2')).toBeVisible({ timeout: 60_000 });

  const refined = await readDesign(page, designId);
  expect(refined.refinedImageUrls).toHaveLength(2);
  expect(atRowOf(refined, loft.id)).toMatchObject({
    url: loft.url,
    saved: true,
    name: 'Warm Loft',
    roomType: 'living-room',
    notes: 'Keep the oak beams',
  });
  expect(atRowOf(refined, loft.id).row?.position).toBe(2);
  expect(atRowOf(refined, den.id)).toMatchObject({ url: den.url, saved: true, name: 'Spare Den', roomType: 'bedroom' });
  // Only the two saved images are saved; the refinements and the fixed images are not.
  expect(refined.refinedSaveStatusList.filter(Boolean)).toHaveLength(2);

  // Delete the other saved image from My Designs.
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Your Account', level: 1 })).toBeVisible({ timeout: 30_000 });
  const tiles = page.getByTestId('design-tile');
  await expect(tiles).toHaveCount(2);
  await page.getByRole('button', { name: 'Delete Spare Den' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Design' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Image deleted')).toBeVisible();
  await expect(tiles).toHaveCount(1);
  await expect(tiles).toContainText('Warm Loft');
  await expect(tiles).toContainText('Living Room');
  // The tile shows the saved image itself, not whatever now sits at its old position.
  const thumb = await tiles.getByRole('img', { name: 'Warm Loft, Living Room' }).getAttribute('src');
  expect(thumb).toContain(loft.url.replace(/\.webp$/, ''));

  const after = await readDesign(page, designId);
  expect(after.designImages.some((image) => image.id === den.id)).toBe(false);
  expect(atRowOf(after, loft.id)).toMatchObject({
    url: loft.url,
    saved: true,
    name: 'Warm Loft',
    roomType: 'living-room',
    notes: 'Keep the oak beams',
  });
  expect(after.refinedSaveStatusList.filter(Boolean)).toHaveLength(1);
  expect(Object.values(after.projectNameMap)).toEqual(['Warm Loft']);

  // The results page shows the same: the saved image is 'Saved' where it now is, the others can be saved.
  await tiles.getByRole('link', { name: 'Open Warm Loft' }).click();
  await expect(page).toHaveURL(new RegExp(`/design/${designId}$`));
  const position = atRowOf(after, loft.id).row!.position!;
  const generatedCount = after.refinedImageStorageUrls.length - after.refinedImageUrls.length;
  await showGenerated(page, position - after.refinedImageUrls.length + 1, generatedCount);
  await expect(generated(page).getByRole('button', { name: 'Saved' })).toBeDisabled();
  expect(position - after.refinedImageUrls.length).toBe(0);
  await showGenerated(page, generatedCount, generatedCount);
  await expect(generated(page).getByRole('button', { name: 'Save Design' })).toBeEnabled();
  await expect(page.getByRole('group', { name: 'Refined' }).getByRole('button', { name: 'Save Design' })).toBeEnabled();
});

test('two tabs saving different images of one design keep both saves', async ({ page, context }) => {
  test.setTimeout(120_000);
  await signInWithPassword(page, E2E_USERS.twoTabs);
  const designId = await newDesign(page);
  const url = `/furnishing-decorating/design/${designId}`;
  const other = await context.newPage();
  await page.goto(url);
  await other.goto(url);
  await expect(generated(page).getByText('1 / 2')).toBeVisible();
  await expect(generated(other).getByText('1 / 2')).toBeVisible();

  // The first tab saves image 1; the second tab, which loaded before that save, saves image 2.
  await saveShownImage(page, { name: 'North Tab Room', roomType: 'Home Office', notes: 'Desk by the window' });
  await showGenerated(other, 2, 2);
  await saveShownImage(other, { name: 'South Tab Room', roomType: 'Dining Room', notes: 'Round table' });

  const design = await readDesign(page, designId);
  expect(design.refinedSaveStatusList).toEqual([true, true]);
  expect(design.projectNameMap).toEqual({ '0': 'North Tab Room', '1': 'South Tab Room' });
  expect(design.roomTypeMap).toEqual({ '0': 'home-office', '1': 'dining-room' });
  expect(design.notesMap).toEqual({ '0': 'Desk by the window', '1': 'Round table' });

  // Each tab, reloaded, shows both images saved.
  for (const tab of [page, other]) {
    // Arrow keys may come before React runs the page: the slider's step buttons keep them (early-press.ts).
    await tab.reload();
    await showGenerated(tab, 1, 2);
    await expect(generated(tab).getByRole('button', { name: 'Saved' })).toBeDisabled();
    await showGenerated(tab, 2, 2);
    await expect(generated(tab).getByRole('button', { name: 'Saved' })).toBeDisabled();
  }
});
