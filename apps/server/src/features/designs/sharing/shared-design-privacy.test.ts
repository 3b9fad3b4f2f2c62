import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designViewAnswer } from '@rv/contracts/api/design-view';
import { makeSeedPicture, seedDesign, type SeedPicture } from '../../../../test/seed-designs';
import type { createUser } from '../../../../test/fixtures';
import { signInNewUser } from '../../../../test/fixtures';
import { createTestApp, TEST_ORIGIN } from '../../../../test/test-app';
import { webBuild } from '../../../../test/web-build-stand-in';
import { SHARED_DESIGN_TITLE } from './design-page-meta';

const NAME = 'Grandma Rose at 12 Elm Street';
const NOTES = 'spare key under the blue pot';
const OTHER_NOTES = 'alarm code 4721';

/** Notes and image names are the owner's own (docs/security.md#authorization-asvs-v8): a visitor of a shared design gets neither. */
describe('a shared design keeps its notes and image names to its owner', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let picture: SeedPicture;
  beforeAll(async () => {
    ctx = await createTestApp({ WEB_DIST_DIR: webBuild() });
    picture = await makeSeedPicture({ width: 320, height: 240 });
  });
  afterAll(() => ctx.close());

  const db = () => ctx.app.services.database.db;
  const signIn = (options: Parameters<typeof createUser>[1] = {}) => signInNewUser(ctx.app, db(), options);
  const get = (url: string, cookie = '') => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const sharedDesign = async (ownerId: string) =>
    seedDesign(db(), ctx.app.services.storage, picture, {
      userId: ownerId,
      isPublic: true,
      saved: [true, true],
      projectNameMap: { '0': NAME, '1': 'Attic flat' },
      roomTypeMap: { '0': 'living room' },
      notesMap: { '0': NOTES, '1': OTHER_NOTES },
    });
  const leaks = (text: string) => [NAME, 'Attic flat', NOTES, OTHER_NOTES].filter((secret) => text.includes(secret));

  it('a visitor, another subscriber and an admin get the images without names or notes from /api/designs/<id> and /api/room-design/<id>', async () => {
    const owner = await signIn();
    const designId = await sharedDesign(owner.id);
    const stranger = await signIn();
    const admin = await signIn({ role: 'admin' });
    for (const cookie of ['', stranger.cookie, admin.cookie]) {
      const view = await get(`/api/designs/${designId}`, cookie);
      expect(view.statusCode).toBe(200);
      expect(leaks(view.body)).toEqual([]);
      const { design, editable } = designViewAnswer.parse(view.json());
      expect(editable).toBe(false);
      expect(design.images).toHaveLength(2);
      for (const image of design.images) expect(image).toMatchObject({ name: null, notes: null });
      // The room type says what the room is, not what the owner wrote for themselves: it stays.
      expect(design.images[0]!.roomType).toBe('living room');

      const record = await get(`/api/room-design/${designId}`, cookie);
      expect(record.statusCode).toBe(200);
      expect(leaks(record.body)).toEqual([]);
      expect(record.json()).toMatchObject({ projectName: null, notes: null, projectNameMap: {}, notesMap: {} });
      expect(record.json().generatedImageUrls).toHaveLength(2);
    }
  });

  it('the owner still gets their names and notes from both calls', async () => {
    const owner = await signIn();
    const designId = await sharedDesign(owner.id);
    const { design, editable } = designViewAnswer.parse((await get(`/api/designs/${designId}`, owner.cookie)).json());
    expect(editable).toBe(true);
    expect(design.images.map((image) => [image.name, image.notes])).toEqual([
      [NAME, NOTES],
      ['Attic flat', OTHER_NOTES],
    ]);
    expect((await get(`/api/room-design/${designId}`, owner.cookie)).json()).toMatchObject({
      projectName: NAME,
      notes: NOTES,
      projectNameMap: { '0': NAME, '1': 'Attic flat' },
      notesMap: { '0': NOTES, '1': OTHER_NOTES },
    });
  });

  it("the shared page's HTML shows a visitor neither (page data, rendered page, og:title); the owner's page has them", async () => {
    const owner = await signIn();
    const designId = await sharedDesign(owner.id);
    const url = `/furnishing-decorating/design/${designId}`;
    const visitor = await get(url);
    expect(visitor.statusCode).toBe(200);
    // Drawn from the visitor's answer: the page shows the design's images.
    expect(visitor.body).toContain('<script type="application/json" id="page-data">');
    expect(visitor.body).toContain(`/api/files/designs/${designId}/generated-1.webp`);
    expect(leaks(visitor.body)).toEqual([]);
    expect(visitor.body).toContain(`<meta property="og:title" content="${SHARED_DESIGN_TITLE}" />`);
    expect(visitor.body).toContain(`<meta property="og:image" content="${TEST_ORIGIN}/api/files/designs/${designId}/generated-1.webp" />`);

    const own = await get(url, owner.cookie);
    expect(own.body).toContain(NAME);
    expect(own.body).toContain(NOTES);
    // The link preview is the same for everyone: the owner gave no title for the share.
    expect(own.body).toContain(`<meta property="og:title" content="${SHARED_DESIGN_TITLE}" />`);
  });

  it("a visitor's download of a shared image is named neutrally; the owner's after the image's name", async () => {
    const owner = await signIn();
    const designId = await sharedDesign(owner.id);
    const disposition = async (imageId: string, cookie = '') =>
      String((await get(`/api/designs/${designId}/images/${imageId}/download`, cookie)).headers['content-disposition']);
    for (const imageId of [`${designId}-0`, 'original']) {
      const visitors = await disposition(imageId);
      expect(visitors).toMatch(/filename="room(-design|-original)-/);
      expect(visitors).not.toContain('Grandma');
      expect(await disposition(imageId, owner.cookie)).toContain('Grandma-Rose-at-12-Elm-Street');
    }
  });
});
