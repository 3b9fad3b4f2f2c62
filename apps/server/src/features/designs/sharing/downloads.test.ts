import { get as httpGet, type IncomingMessage } from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designViewAnswer } from '@rv/contracts/api/design-view';
import { roomJpeg } from '@rv/testing/test-rooms';
import { signInNewUser } from '../../../../test/fixtures';
import { createTestApp, TEST_ORIGIN } from '../../../../test/test-app';
import { createNavyDesignAndWaitDone } from '../../../../test/stored-designs';
import { withImageSlot } from '../../../uploads/image-slots';

/** Downloads worth keeping (issue 51): results in JPG, PNG or WebP at their full size; the room photo as it was given. */
describe('downloading a design’s images', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  /** A phone's photo: EXIF with the camera and where it was taken, turned on its side by its orientation. */
  let given: Buffer;
  beforeAll(async () => {
    ctx = await createTestApp();
    given = await sharp(await roomJpeg())
      .jpeg({ quality: 88 })
      .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Pocket 9' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 26/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
  });
  afterAll(() => ctx.close());

  const db = () => ctx.app.services.database.db;
  const get = (url: string, cookie = '') =>
    ctx.app.inject({ method: 'GET', url, headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) } });
  const made = async () => {
    const owner = await signInNewUser(ctx.app, db());
    const designId = await createNavyDesignAndWaitDone(ctx.app.services, owner.id, given);
    const { design } = designViewAnswer.parse((await get(`/api/designs/${designId}`, owner.cookie)).json());
    return { owner, designId, image: design.images[0]! };
  };

  it('answers the room photo as it was given: a JPEG with the very pixels uploaded, its orientation, no camera nor place', async () => {
    const { owner, designId } = await made();
    const res = await get(`/api/designs/${designId}/images/original/download`, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(String(res.headers['content-disposition'])).toMatch(/-original-.+\.jpg"$/);
    const file = res.rawPayload;
    const decode = async (jpeg: Buffer) => (await sharp(jpeg).raw().toBuffer({ resolveWithObject: true })).data;
    expect((await decode(file)).equals(await decode(given))).toBe(true);
    const meta = await sharp(file).metadata();
    expect(meta.orientation).toBe(6);
    expect(file.includes(Buffer.from('PhoneMaker')) || file.includes(Buffer.from('Pocket 9'))).toBe(false);
    expect(meta.exif?.length ?? 0).toBeLessThan(40); // the orientation alone
  });

  it('answers a result in JPG, PNG or WebP at the full size it was made, PNG without loss', async () => {
    const { owner, designId, image } = await made();
    const url = (format?: string) => `/api/designs/${designId}/images/${image.id}/download${format ? `?format=${format}` : ''}`;
    const stored = await get(url(), owner.cookie);
    expect(stored.headers['content-type']).toBe('image/webp');
    expect(String(stored.headers['content-disposition'])).toMatch(/\.webp"$/);
    for (const [format, type, extension] of [
      ['jpg', 'image/jpeg', 'jpg'],
      ['png', 'image/png', 'png'],
      ['webp', 'image/webp', 'webp'],
    ] as const) {
      const res = await get(url(format), owner.cookie);
      expect(res.statusCode, format).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(String(res.headers['content-disposition'])).toMatch(new RegExp(`\\.${extension}"$`));
      // The stored WebP says its length; a file written as it is sent cannot.
      if (format === 'webp') expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      else expect(res.headers['content-length']).toBeUndefined();
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format === 'jpeg' ? 'jpg' : meta.format, meta.width, meta.height]).toEqual([extension, image.width, image.height]);
    }
    const pixels = async (file: Buffer) => (await sharp(file).removeAlpha().raw().toBuffer()).toString('base64');
    expect(await pixels((await get(url('png'), owner.cookie)).rawPayload)).toBe(await pixels(stored.rawPayload));
  });

  it('answers at once, before the file is written: the name and type go first, the bytes once an image slot is free', async () => {
    const { owner, designId, image } = await made();
    // Every image slot busy (the engine at work): the JPG cannot be written yet.
    let freeSlots = () => {};
    const busy = new Promise<void>((resolve) => (freeSlots = resolve));
    const held = [withImageSlot(() => busy), withImageSlot(() => busy)];
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const answer = await new Promise<IncomingMessage>((resolve, reject) =>
        httpGet(
          `${address}/api/designs/${designId}/images/${image.id}/download?format=jpg`,
          { headers: { cookie: owner.cookie } },
          resolve,
        ).on('error', reject),
      );
      expect([answer.statusCode, answer.headers['content-type']]).toEqual([200, 'image/jpeg']);
      expect(String(answer.headers['content-disposition'])).toMatch(/^attachment; filename=".+\.jpg"$/);
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      const ended = new Promise((resolve) => answer.on('end', resolve));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(chunks).toEqual([]);
      freeSlots();
      await ended;
      const meta = await sharp(Buffer.concat(chunks)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', image.width, image.height]);
    } finally {
      freeSlots();
      await Promise.all(held);
    }
  });

  it('refuses a format it does not write, and keeps another person’s design unseen in every format', async () => {
    const { owner, designId, image } = await made();
    expect((await get(`/api/designs/${designId}/images/${image.id}/download?format=gif`, owner.cookie)).statusCode).toBe(400);
    const stranger = await signInNewUser(ctx.app, db());
    for (const format of ['jpg', 'png', 'webp'])
      expect((await get(`/api/designs/${designId}/images/${image.id}/download?format=${format}`, stranger.cookie)).statusCode).toBe(404);
    expect((await get(`/api/designs/${designId}/images/original/download`, stranger.cookie)).statusCode).toBe(404);
  });
});
