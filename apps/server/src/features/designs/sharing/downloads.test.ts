import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designViewAnswer } from '@rv/contracts/api/design-view';
import { roomJpeg } from '@rv/testing/test-rooms';
import { signInNewUser } from '../../../../test/fixtures';
import { createTestApp, TEST_ORIGIN } from '../../../../test/test-app';
import { createNavyDesignAndWaitDone } from '../../../../test/stored-designs';

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
  const get = (url: string, cookie = '') => ctx.app.inject({ method: 'GET', url, headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) } });
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
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format === 'jpeg' ? 'jpg' : meta.format, meta.width, meta.height]).toEqual([extension, image.width, image.height]);
    }
    const pixels = async (file: Buffer) => (await sharp(file).removeAlpha().raw().toBuffer()).toString('base64');
    expect(await pixels((await get(url('png'), owner.cookie)).rawPayload)).toBe(await pixels(stored.rawPayload));
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
