import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomDesignView, type DesignImage } from '@rv/contracts/api/designs';
import { designImageAnswer } from '@rv/contracts/api/design-view';
import { messages } from '@rv/contracts/messages';
import { roomJpeg } from '@rv/testing/test-rooms';
import { signInNewUser } from '../../../../test/fixtures';
import { createTestApp, TEST_ORIGIN } from '../../../../test/test-app';
import { createNavyDesignAndWaitDone } from '../../../../test/stored-designs';
import { myDesignsAnswer } from '@rv/contracts/api/designs';

describe('design images as rows: PATCH and DELETE /api/designs/{id}/images/{imageId}', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let room: Buffer;
  beforeAll(async () => {
    ctx = await createTestApp();
    room = await roomJpeg();
  });
  afterAll(() => ctx.close());

  const db = () => ctx.app.services.database.db;
  const signIn = () => signInNewUser(ctx.app, db());
  const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) =>
    ctx.app.inject({ method, url, payload, headers: { origin: TEST_ORIGIN, cookie } });

  /** A design made by the real pipeline (local engine): two generated images. */
  const madeDesign = (userId: string) => createNavyDesignAndWaitDone(ctx.app.services, userId, room);
  const view = async (cookie: string, designId: string) => {
    const res = await req('GET', `/api/room-design/${designId}`, cookie);
    expect(res.statusCode).toBe(200);
    return roomDesignView.parse(res.json());
  };
  const results = (images: DesignImage[]) => images.filter((image) => image.kind !== 'original');
  const patchImage = (cookie: string, designId: string, imageId: string, body: object) =>
    req('PATCH', `/api/designs/${designId}/images/${imageId}`, cookie, body);
  async function refine(cookie: string, designId: string, feedback: string) {
    const stream = await req('GET', `/api/room-design/refine/${designId}?tweak=tweak&feedback=${encodeURIComponent(feedback)}`, cookie);
    expect(stream.body).toContain('event: complete');
  }
  /** The spec's whole-map save of the image at `index`, built from the record as the browser was shown it. */
  const saveByMaps = (shown: Awaited<ReturnType<typeof view>>, index: number, name: string, roomType: string) => ({
    projectNameMap: { ...shown.projectNameMap, [String(index)]: name },
    roomTypeMap: { ...shown.roomTypeMap, [String(index)]: roomType },
    notesMap: shown.notesMap,
    refinedSaveStatusList: shown.refinedSaveStatusList.map((saved, i) => i === index || saved),
  });

  it('a saved image keeps its name, room type, notes and saved flag through two refinements, a Fix Room and a delete', async () => {
    const user = await signIn();
    const designId = await madeDesign(user.id);
    const first = await view(user.cookie, designId);
    expect(results(first.designImages).map((image) => [image.kind, image.position])).toEqual([
      ['generated', 0],
      ['generated', 1],
    ]);

    // Saved as the results page does it (the spec's call), then a note through the per-image call.
    const saved = await req('PATCH', `/api/room-designs/update/${designId}`, user.cookie, saveByMaps(first, 0, 'Warm Loft', 'living-room'));
    expect(saved.statusCode).toBe(200);
    const loft = results(first.designImages)[0]!;
    const other = results(first.designImages)[1]!;
    const noted = await patchImage(user.cookie, designId, loft.id, { notes: 'keep the oak floor' });
    expect(noted.statusCode).toBe(200);
    expect(designImageAnswer.parse(noted.json()).image).toMatchObject({
      id: loft.id,
      saved: true,
      name: 'Warm Loft',
      roomType: 'living-room',
      notes: 'keep the oak floor',
      // The per-image call answers the image as the design view shows it: by id, with no position.
      kind: 'generated',
      refinement: null,
    });
    expect(noted.json().image).not.toHaveProperty('position');

    await refine(user.cookie, designId, 'make the sofa navy');
    await refine(user.cookie, designId, 'add a jute rug');
    const fixed = await req('POST', '/api/room-design/fix-room', user.cookie, { designId });
    expect(fixed.statusCode).toBe(200);
    const grown = await view(user.cookie, designId);
    expect(results(grown.designImages).map((image) => image.kind)).toEqual(['refined', 'refined', 'generated', 'generated', 'fixed']);
    // The other generated image goes (the spec's call, by its position now).
    const otherPosition = grown.refinedImageStorageUrls.indexOf(other.url);
    expect(otherPosition).toBe(3);
    const removed = await req('DELETE', `/api/room-designs/${designId}?status_index=${otherPosition}`, user.cookie);
    expect(removed.json()).toMatchObject({ deleted: 'image' });

    const after = await view(user.cookie, designId);
    const images = results(after.designImages);
    expect(images.map((image) => [image.kind, image.position, image.saved, image.name, image.roomType, image.notes])).toEqual([
      ['refined', 0, false, null, null, null],
      ['refined', 1, false, null, null, null],
      ['generated', 2, true, 'Warm Loft', 'living-room', 'keep the oak floor'],
      ['fixed', 3, false, null, null, null],
    ]);
    expect(images[2]!.id).toBe(loft.id);
    // The spec's maps follow the image to its new position.
    expect(after).toMatchObject({
      projectNameMap: { '2': 'Warm Loft' },
      roomTypeMap: { '2': 'living-room' },
      notesMap: { '2': 'keep the oak floor' },
      refinedSaveStatusList: [false, false, true, false],
      projectName: null,
    });
    expect(after.refinedImageStorageUrls).not.toContain(other.url);

    // My Designs shows the same.
    const list = await ctx.app.inject({ method: 'GET', url: '/api/room-designs?page=1&limit=6', headers: { cookie: user.cookie } });
    const [record] = myDesignsAnswer.parse(list.json()).result;
    expect(record).toMatchObject({
      id: designId,
      projectNameMap: { '2': 'Warm Loft' },
      roomTypeMap: { '2': 'living-room' },
      notesMap: { '2': 'keep the oak floor' },
      refinedSaveStatusList: [false, false, true, false],
    });
    expect(record!.thumbnailUrls[2]).toBe(loft.thumbnailUrl);
  }, 60_000);

  it('two edits of different images of one design at once both survive, per image and through the spec’s whole maps', async () => {
    const user = await signIn();
    const designId = await madeDesign(user.id);
    const shown = await view(user.cookie, designId);
    const [a, b] = results(shown.designImages);
    const both = await Promise.all([
      patchImage(user.cookie, designId, a!.id, { saved: true, name: 'Tab one' }),
      patchImage(user.cookie, designId, b!.id, { saved: true, name: 'Tab two', roomType: 'bedroom' }),
    ]);
    expect(both.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(await view(user.cookie, designId)).toMatchObject({
      projectNameMap: { '0': 'Tab one', '1': 'Tab two' },
      roomTypeMap: { '1': 'bedroom' },
      refinedSaveStatusList: [true, true],
    });

    // Two tabs that were both shown the design before either saved: each sends whole maps naming only its image.
    const other = await madeDesign(user.id);
    const stale = await view(user.cookie, other);
    const tabs = await Promise.all([
      req('PATCH', `/api/room-designs/update/${other}`, user.cookie, saveByMaps(stale, 0, 'Left tab', 'kitchen')),
      req('PATCH', `/api/room-designs/update/${other}`, user.cookie, saveByMaps(stale, 1, 'Right tab', 'office')),
    ]);
    expect(tabs.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(await view(user.cookie, other)).toMatchObject({
      projectNameMap: { '0': 'Left tab', '1': 'Right tab' },
      roomTypeMap: { '0': 'kitchen', '1': 'office' },
      refinedSaveStatusList: [true, true],
    });
  }, 60_000);

  it('changes only the fields sent; an empty name is none; unknown images, other users’ designs and empty bodies are refused', async () => {
    const owner = await signIn();
    const designId = await madeDesign(owner.id);
    const [image] = results((await view(owner.cookie, designId)).designImages);
    await patchImage(owner.cookie, designId, image!.id, { saved: true, name: 'Den', roomType: 'study', notes: 'north light' });
    const renamed = await patchImage(owner.cookie, designId, image!.id, { name: 'Reading Den' });
    expect(renamed.json().image).toMatchObject({ saved: true, name: 'Reading Den', roomType: 'study', notes: 'north light' });
    const cleared = await patchImage(owner.cookie, designId, image!.id, { name: '  ', saved: false });
    expect(cleared.json().image).toMatchObject({ saved: false, name: null, roomType: 'study', notes: 'north light' });

    expect((await patchImage(owner.cookie, designId, image!.id, {})).statusCode).toBe(400);
    expect((await patchImage(owner.cookie, designId, 'no-such-image', { saved: true })).statusCode).toBe(404);
    expect((await patchImage(owner.cookie, designId, 'original', { saved: true })).statusCode).toBe(404);
    const stranger = await signIn();
    const refused = await patchImage(stranger.cookie, designId, image!.id, { name: 'Mine now' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBe(messages.server.notFound);
    expect((await req('DELETE', `/api/designs/${designId}/images/${image!.id}`, stranger.cookie)).statusCode).toBe(404);
    // An image of another of the owner's designs is not found under this design.
    const second = await madeDesign(owner.id);
    const [foreign] = results((await view(owner.cookie, second)).designImages);
    expect((await patchImage(owner.cookie, designId, foreign!.id, { saved: true })).statusCode).toBe(404);
    expect((await view(owner.cookie, designId)).projectNameMap).toEqual({});
  }, 60_000);

  it('deletes one image by its id, then the design with its last image', async () => {
    const user = await signIn();
    const designId = await madeDesign(user.id);
    const [first, second] = results((await view(user.cookie, designId)).designImages);
    await patchImage(user.cookie, designId, second!.id, { saved: true, name: 'Keeper' });
    const one = await req('DELETE', `/api/designs/${designId}/images/${first!.id}`, user.cookie);
    expect(one.json()).toMatchObject({ deleted: 'image' });
    expect(await view(user.cookie, designId)).toMatchObject({ projectNameMap: { '0': 'Keeper' }, refinedSaveStatusList: [true] });
    expect((await ctx.app.inject({ method: 'GET', url: first!.url, headers: { cookie: user.cookie } })).statusCode).toBe(404);
    expect((await req('DELETE', `/api/designs/${designId}/images/${first!.id}`, user.cookie)).statusCode).toBe(404);
    const last = await req('DELETE', `/api/designs/${designId}/images/${second!.id}`, user.cookie);
    expect(last.json()).toMatchObject({ deleted: 'design' });
    expect((await req('GET', `/api/room-design/${designId}`, user.cookie)).statusCode).toBe(404);
  }, 60_000);
});
