import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomDesignView } from '@rv/contracts/api/designs';
import { roomJpeg } from '@rv/testing/test-rooms';
import { signInNewUser } from '../../../../test/fixtures';
import { createTestApp, multipart, TEST_ORIGIN } from '../../../../test/test-app';

/** The items of a design, listed by the (local) vision engine for each result image and answered with the design. */
describe('a design’s shoppable items', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let room: Buffer;
  let item: Buffer;
  beforeAll(async () => {
    ctx = await createTestApp();
    room = await roomJpeg({ width: 480, height: 360 });
    item = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#2e7d32' } })
      .png()
      .toBuffer();
  });
  afterAll(() => ctx.close());

  async function design(url: string, fields: Record<string, string>, files: Parameters<typeof multipart>[1]) {
    const { cookie } = await signInNewUser(ctx.app, ctx.app.services.database.db);
    const body = multipart(fields, files);
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...body.headers, origin: TEST_ORIGIN, cookie },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const view = await ctx.app.inject({ method: 'GET', url: `/api/room-design/${res.json().designId}`, headers: { cookie } });
    return roomDesignView.parse(view.json()).designImages.filter((image) => image.kind === 'generated');
  }

  it("a furnishing design from a brief with 'Green velvet sofa' lists that item as Furniture / Sofa on every result", async () => {
    const images = await design(
      '/api/room-design',
      {
        styleDescription: '',
        architecturalChanges: 'no',
        furnitureData: JSON.stringify([{ description: 'Green velvet sofa', placement: 'left wall' }]),
      },
      [
        { field: 'roomPhoto', filename: 'room.jpg', data: room },
        { field: 'furniturePhotos', filename: 'sofa.png', data: item },
      ],
    );
    expect(images).toHaveLength(2);
    for (const image of images) {
      expect(image.items?.[0]).toEqual({
        name: 'green velvet sofa',
        category: 'Furniture',
        furnitureType: 'Sofa',
        colour: 'green',
        material: 'velvet',
      });
    }
  });

  it('a kitchen design lists its finishes', async () => {
    const images = await design(
      '/api/kitchen-bathroom-design',
      { finishesData: JSON.stringify([{ label: 'white marble', category: 'Countertops' }]), additionalRequests: '' },
      [
        { field: 'spacePhoto', filename: 'room.jpg', data: room },
        { field: 'finishesFixtures', filename: 'marble.png', data: item },
      ],
    );
    expect(images[0]?.items?.[0]).toMatchObject({ name: 'white marble countertop', category: 'Decor', material: 'marble' });
  });

  it('a design with no items lists none: the offline engine names only what it put in the image, never decor it did not draw', async () => {
    const images = await design('/api/room-design', { architecturalChanges: 'no', styleDescription: 'japandi, moss green' }, [
      { field: 'roomPhoto', filename: 'room.jpg', data: room },
    ]);
    expect(images.every((image) => image.items?.length === 0)).toBe(true);
  });
});
