import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designViewAnswer } from '@rv/contracts/api/design-view';
import { homeAnswer, homeListAnswer, lookAnswer } from '@rv/contracts/api/homes';
import { roomJpeg } from '@rv/testing/test-rooms';
import { designImages, fairUseLedger, roomDesigns } from '../../../db/schema';
import { measureImage } from '../../../engines/local/measure-image';
import { readObject } from '../../../storage/read-object';
import { paletteDistance } from './consistency';
import { makeItemPhoto } from '../../../../test/images';
import { signInNewUser } from '../../../../test/fixtures';
import { readZip } from '../../../../test/read-zip';
import { createTestApp, multipart, TEST_ORIGIN } from '../../../../test/test-app';

/** Whole home, one look (issue 49), through the real app on a real database with the offline engines. */
describe('whole home, one look', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const db = () => ctx.app.services.database.db;
  const get = (url: string, cookie = '') => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const send = (method: 'POST' | 'PATCH', url: string, cookie: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: { origin: TEST_ORIGIN, cookie }, ...(payload ? { payload } : {}) });

  /** A furnishing design made through the form; answers its id once it is done. */
  async function design(cookie: string, fields: Record<string, string>, photos: Buffer[], item = false) {
    const body = multipart(
      {
        architecturalChanges: 'no',
        ...fields,
        ...(item ? { furnitureData: JSON.stringify([{ description: 'sage green velvet sofa', placement: '' }]) } : {}),
      },
      [
        ...photos.map((data, index) => ({ field: index === 0 ? 'roomPhoto' : 'morePhotos', filename: `room-${index + 1}.jpg`, data })),
        ...(item ? [{ field: 'furniturePhotos', filename: 'sofa.png', data: await makeItemPhoto() }] : []),
      ],
    );
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/room-design',
      headers: { ...body.headers, origin: TEST_ORIGIN, cookie },
      payload: body.payload,
    });
    return made;
  }
  const viewOf = async (designId: string, cookie: string) =>
    designViewAnswer.parse((await get(`/api/designs/${designId}`, cookie)).json()).design;

  const livingRoom = () => roomJpeg({ width: 480, height: 360, colours: { backWall: '#dcd3c4', floor: '#8a6a4c' } });
  const hall = () => roomJpeg({ width: 480, height: 360, colours: { backWall: '#7f93b4', sideWalls: '#6d82a3', floor: '#4a4a52' } });

  it('a look taken from a living room goes with a second photo to a new design: the look, its consistency, both rooms under My home, a ZIP and a shared page', async () => {
    const owner = await signInNewUser(ctx.app, db());
    const first = await design(
      owner.cookie,
      { styleDescription: 'sage green and warm oak, calm', roomType: 'living-room' },
      [await livingRoom()],
      true,
    );
    expect(first.statusCode).toBe(200);
    const firstId = first.json<{ designId: string }>().designId;
    const source = await viewOf(firstId, owner.cookie);
    const image = source.images[0]!;

    const taken = await send('POST', `/api/designs/${firstId}/images/${image.id}/look`, owner.cookie);
    expect(taken.statusCode).toBe(201);
    const { look } = lookAnswer.parse(taken.json());
    expect(look.palette.length).toBeGreaterThan(0);
    expect(look.pieces.map((piece) => piece.name)).toContain('sage green velvet sofa');
    expect(look.pieces.find((piece) => piece.name === 'sage green velvet sofa')?.photoUrl).toMatch(/^\/api\/files\/designs\//);
    expect(look.mood).not.toBe('');
    expect(look.roomWords).toBe('living room');

    const second = await design(owner.cookie, { lookId: look.id, roomType: 'dining-room' }, [await hall()]);
    expect(second.statusCode).toBe(200);
    const secondId = second.json<{ designId: string }>().designId;
    const made = await viewOf(secondId, owner.cookie);
    expect(made.look?.palette).toEqual(look.palette);
    expect(made.look?.pieces).toContain('sage green velvet sofa');
    // The words name the room the look came from (issue 49: "Matches your living room closely").
    expect(made.consistency?.words).toMatch(
      /^(Matches your living room closely|Somewhat like your living room|Differs from your living room)$/,
    );
    expect(made.consistency?.paletteDistance).toBeGreaterThanOrEqual(0);
    expect(made.consistency?.piecesTotal).toBe(look.pieces.length);
    const [row] = await db().select().from(roomDesigns).where(eq(roomDesigns.id, secondId));
    // The look's piece with its photo went in as an item of the new design; the source result is its reference.
    expect(row!.brief.items.map((item) => item.description)).toContain('sage green velvet sofa');
    expect(row!.references.some((reference) => reference.key.includes('item-look-'))).toBe(true);
    expect(row!.prompt).toContain('THE LOOK');
    expect(row!.prompt).toContain(look.palette[0]!.hex);

    const homes = homeListAnswer.parse((await get('/api/homes', owner.cookie)).json()).homes;
    expect(homes).toHaveLength(1);
    expect(homes[0]!.name).toBe('My home');
    expect(homes[0]!.rooms.map((room) => room.designId)).toEqual([firstId, secondId]);
    expect(homes[0]!.rooms.map((room) => room.roomWords)).toEqual(['living room', 'dining room']);
    const homeId = homes[0]!.id;

    const zip = await get(`/api/homes/${homeId}/download`, owner.cookie);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const names = readZip(zip.rawPayload).map((entry) => entry.name);
    expect(names).toEqual(
      expect.arrayContaining(['01-living-room/room-photo-1.webp', '01-living-room/result-1.webp', '02-dining-room/result-1.webp']),
    );

    // Private by default: a visitor gets 404 for the page, the ZIP and the rooms' files.
    expect((await get(`/api/homes/${homeId}`)).statusCode).toBe(404);
    expect((await get(`/api/homes/${homeId}/download`)).statusCode).toBe(404);
    expect((await get(made.images[0]!.url)).statusCode).toBe(404);
    const shared = await send('PATCH', `/api/homes/${homeId}`, owner.cookie, { isPublic: true, name: 'Flat 12 Acacia Ave' });
    expect(shared.statusCode).toBe(200);
    const visit = await get(`/api/homes/${homeId}`);
    expect(visit.statusCode).toBe(200);
    const visited = homeAnswer.parse(visit.json());
    expect(visited.editable).toBe(false);
    expect(visited.home.name).toBeNull(); // the owner's words (ADR 057)
    expect(visit.body).not.toContain('Acacia');
    expect(visited.home.rooms).toHaveLength(2);
    for (const room of visited.home.rooms) expect((await get(room.image!.url)).statusCode).toBe(200);
    expect((await get(`/api/homes/${homeId}/download`)).statusCode).toBe(200);
  }, 180_000);

  it('a room type outside the list is refused with a clear message; without one, a room is named by its tool', async () => {
    const owner = await signInNewUser(ctx.app, db());
    const refused = await design(owner.cookie, { styleDescription: 'navy', roomType: 'dungeon' }, [await livingRoom()]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: string }>().error).toBe('Please choose the room from the list.');
    const made = await design(owner.cookie, { styleDescription: 'navy' }, [await livingRoom()]);
    expect(made.statusCode).toBe(200);
    const home = homeListAnswer.parse((await get('/api/homes', owner.cookie)).json()).homes[0]!;
    expect(home.rooms.map((room) => room.roomWords)).toEqual(['room']);
  }, 120_000);

  it('Bring it closer: one press re-renders the first result towards the look, its palette comes closer to the source and the stored figure moves; no room transformation is used', async () => {
    const owner = await signInNewUser(ctx.app, db());
    const source = await design(owner.cookie, { styleDescription: 'sage green and warm oak', roomType: 'living-room' }, [
      await livingRoom(),
    ]);
    const sourceId = source.json<{ designId: string }>().designId;
    const imageId = (await viewOf(sourceId, owner.cookie)).images[0]!.id;
    const { look } = lookAnswer.parse((await send('POST', `/api/designs/${sourceId}/images/${imageId}/look`, owner.cookie)).json());

    // A constructed room whose colours are far from the source's palette (saturated red walls, a black floor):
    // even with the look's tints it differs from the living room (35.5; 25.8 after the press), so the offer is made.
    const redRoom = await roomJpeg({
      width: 480,
      height: 360,
      colours: { backWall: '#c0182a', sideWalls: '#a01020', floor: '#101010', ceiling: '#d02030' },
    });
    const made = await design(owner.cookie, { lookId: look.id, roomType: 'bedroom' }, [redRoom]);
    expect(made.statusCode).toBe(200);
    const designId = made.json<{ designId: string }>().designId;
    const before = await viewOf(designId, owner.cookie);
    expect(before.consistency?.level).not.toBe('close');
    const first = before.images.find((image) => image.kind !== 'refined')!;
    const distanceOf = async (id: string) => {
      const [row] = await db().select().from(designImages).where(eq(designImages.id, id));
      const data = (await readObject(ctx.app.services.storage, row!.key))!;
      return paletteDistance(look.palette, (await measureImage(data, { colours: 5 })).palette);
    };
    const distanceBefore = await distanceOf(first.id);

    const used = async () => (await get('/api/user-profile', owner.cookie)).json<{ transformationsUsed: number }>().transformationsUsed;
    const runs = async () => (await db().select({ n: count() }).from(fairUseLedger).where(eq(fairUseLedger.userId, owner.id)))[0]!.n;
    const [usedBefore, runsBefore] = [await used(), await runs()];

    const pressed = await send('POST', `/api/designs/${designId}/bring-closer`, owner.cookie);
    expect(pressed.statusCode).toBe(200);
    const after = await viewOf(designId, owner.cookie);
    const refined = after.images.filter((image) => image.kind === 'refined');
    expect(refined).toHaveLength(1); // one press, one new image
    const distanceAfter = await distanceOf(refined[0]!.id);
    console.info(
      `Bring it closer, palette distance to the source (CIEDE2000): ${distanceBefore.toFixed(1)} → ${distanceAfter.toFixed(1)}; stored ${before.consistency!.paletteDistance} (${before.consistency!.words}) → ${after.consistency!.paletteDistance} (${after.consistency!.words})`,
    );
    expect(distanceAfter).toBeLessThan(distanceBefore);
    expect(after.consistency!.paletteDistance).toBeLessThan(before.consistency!.paletteDistance);
    expect(after.consistency!.paletteDistance).toBe(Math.round(distanceAfter * 10) / 10);
    expect(after.consistency!.words).toMatch(/your living room/);
    // What it costs (ADR 065): a refinement, so no room transformation, one run of the day's fair-use cap.
    expect(await used()).toBe(usedBefore);
    expect(await runs()).toBe(runsBefore + 1);

    // Another account cannot press it on this design, and its attempt changes nothing.
    const stranger = await signInNewUser(ctx.app, db());
    expect((await send('POST', `/api/designs/${designId}/bring-closer`, stranger.cookie)).statusCode).toBe(404);
    expect((await viewOf(designId, owner.cookie)).images.filter((image) => image.kind === 'refined')).toHaveLength(1);
    // A design made without a look has nothing to bring closer to.
    const plain = await send('POST', `/api/designs/${sourceId}/bring-closer`, owner.cookie);
    expect(plain.statusCode).toBe(400);
    expect(plain.json<{ error: string }>().error).toBe('This design was not made with a look.');
  }, 180_000);

  it("another user's look, home and design cannot be used or read", async () => {
    const owner = await signInNewUser(ctx.app, db());
    const stranger = await signInNewUser(ctx.app, db());
    const made = await design(owner.cookie, { styleDescription: 'navy' }, [await livingRoom()]);
    const designId = made.json<{ designId: string }>().designId;
    const imageId = (await viewOf(designId, owner.cookie)).images[0]!.id;
    const { look } = lookAnswer.parse((await send('POST', `/api/designs/${designId}/images/${imageId}/look`, owner.cookie)).json());
    const homeId = homeListAnswer.parse((await get('/api/homes', owner.cookie)).json()).homes[0]!.id;

    expect((await send('POST', `/api/designs/${designId}/images/${imageId}/look`, stranger.cookie)).statusCode).toBe(404);
    expect((await get(`/api/looks/${look.id}`, stranger.cookie)).statusCode).toBe(404);
    expect((await design(stranger.cookie, { lookId: look.id }, [await hall()])).statusCode).toBe(404);
    expect((await design(stranger.cookie, { homeId }, [await hall()])).statusCode).toBe(404);
    expect((await get(`/api/homes/${homeId}`, stranger.cookie)).statusCode).toBe(404);
    expect((await send('PATCH', `/api/homes/${homeId}`, stranger.cookie, { isPublic: true })).statusCode).toBe(404);
    expect((await get(`/api/homes/${homeId}/download`, stranger.cookie)).statusCode).toBe(404);
    expect((await send('POST', `/api/designs/${designId}/bring-closer`, stranger.cookie)).statusCode).toBe(404);
    // Nothing of the stranger's attempts reached the owner's home.
    const home = homeListAnswer.parse((await get('/api/homes', owner.cookie)).json()).homes[0]!;
    expect(home.rooms.map((room) => room.designId)).toEqual([designId]);
    expect(home.isPublic).toBe(false);
  }, 120_000);

  it.each([2, 4])(
    '%i photos of one room make one design with a result per photo, all with the same look',
    async (count) => {
      const owner = await signInNewUser(ctx.app, db());
      const source = await design(owner.cookie, { styleDescription: 'terracotta' }, [await livingRoom()]);
      const sourceId = source.json<{ designId: string }>().designId;
      const imageId = (await viewOf(sourceId, owner.cookie)).images[0]!.id;
      const { look } = lookAnswer.parse((await send('POST', `/api/designs/${sourceId}/images/${imageId}/look`, owner.cookie)).json());
      const photos = await Promise.all(
        Array.from({ length: count }, (_, index) =>
          roomJpeg({ width: 480, height: 360, windowAt: 0.2 + index * 0.2, backWall: [0.25 + index * 0.03, 0.2, 0.7, 0.66] }),
        ),
      );
      const used = async () => (await get('/api/user-profile', owner.cookie)).json<{ transformationsUsed: number }>().transformationsUsed;
      const before = await used();
      const made = await design(owner.cookie, { lookId: look.id }, photos);
      expect(made.statusCode).toBe(200);
      const view = await viewOf(made.json<{ designId: string }>().designId, owner.cookie);
      expect(view.morePhotos).toHaveLength(count - 1);
      expect(view.images).toHaveLength(count);
      expect(view.images.map((image) => image.photo).sort()).toEqual(Array.from({ length: count }, (_, index) => index));
      expect(view.look?.palette).toEqual(look.palette);
      expect(await used()).toBe(before + 1); // one room, one credit (ADR 065)
    },
    120_000,
  );
});
