import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILES_PATH_PREFIX, fileUrl } from '@rv/contracts/files';
import { roomJpeg } from '@rv/testing/test-rooms';
import type { createUser } from '../../../test/fixtures';
import { signInNewUser } from '../../../test/fixtures';
import { createTestApp, multipart, TEST_ORIGIN } from '../../../test/test-app';

/**
 * A public design shows a visitor the images its public page displays (the original photo and the
 * results, each with its thumbnail) and nothing else of the owner's uploads.
 */
describe('files of a shared design', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let room: Buffer;
  beforeAll(async () => {
    ctx = await createTestApp();
    room = await roomJpeg();
  });
  afterAll(() => ctx.close());

  const db = () => ctx.app.services.database.db;
  const signIn = (options: Parameters<typeof createUser>[1] = {}) => signInNewUser(ctx.app, db(), options);
  const colour = (background: string) =>
    sharp({ create: { width: 64, height: 48, channels: 3, background } })
      .png()
      .toBuffer();
  const send = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    cookie: string,
    body?: ReturnType<typeof multipart> | object,
    headers = {},
  ) =>
    ctx.app.inject({
      method,
      url,
      ...(body && 'payload' in body && Buffer.isBuffer(body.payload)
        ? { payload: body.payload, headers: { ...(body.headers as object), origin: TEST_ORIGIN, cookie, ...headers } }
        : { payload: body as object | undefined, headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), ...headers } }),
    });

  /** Every file stored under designs/<id>/, as keys. */
  const storedKeys = (designId: string) =>
    readdirSync(path.join(ctx.config.DATA_DIR, 'files', 'designs', designId))
      .filter((name) => !name.endsWith('.meta.json'))
      .map((name) => `designs/${designId}/${name}`);

  /** Makes the design public through the results page's toggle, then answers what a visitor's page shows. */
  async function share(designId: string, cookie: string, tool: 'fd' | 'kb') {
    const on = await send('PATCH', `/api/room-designs/update/${designId}?${tool}_public=true`, cookie, {
      url: '',
      isfdDesign: tool === 'fd',
      iskbDesign: tool === 'kb',
    });
    expect(on.statusCode).toBe(200);
    const visitorView = await ctx.app.inject({ method: 'GET', url: `/api/room-design/${designId}` });
    expect(visitorView.json().noSession).toBe(true);
    const record = visitorView.json() as {
      originalImageUrl: string;
      generatedImageUrls: string[];
      refinedImageUrls: string[];
      images: Record<string, { thumbnailUrl: string }>;
    };
    const shown = new Set([
      record.originalImageUrl,
      ...record.generatedImageUrls,
      ...record.refinedImageUrls,
      ...Object.entries(record.images).flatMap(([url, info]) => [url, info.thumbnailUrl]),
    ]);
    return [...shown].map((url) => decodeURIComponent(url.slice(FILES_PATH_PREFIX.length)));
  }

  /** Reads a file both ways a browser can: the files route and the download route. */
  async function read(key: string, cookie: string) {
    const file = await send('GET', fileUrl(key), cookie);
    const download = await send('GET', `/api/download-image?url=${encodeURIComponent(fileUrl(key))}`, cookie);
    return [file.statusCode, download.statusCode];
  }

  it('a visitor reads exactly the images the public page shows; item, inspiration and tweak photos and results.json are 404; the owner and admins read all', async () => {
    const owner = await signIn();
    const created = await send(
      'POST',
      '/api/room-design',
      owner.cookie,
      multipart({ architecturalChanges: 'no', styleDescription: 'navy', furnitureData: JSON.stringify([{ description: 'green sofa' }]) }, [
        { field: 'roomPhoto', filename: 'room.jpg', data: room },
        { field: 'furniturePhotos', filename: 'sofa.png', data: await colour('#2f6b3a') },
        { field: 'conceptPhotos', filename: 'idea.png', data: await colour('#c9a27e') },
      ]),
    );
    expect(created.statusCode).toBe(200);
    const designId = created.json().designId as string;

    // A refinement with a tweak photo, a Fix Room result, and one tweak photo left pending.
    const tweak = async () =>
      send(
        'POST',
        '/api/room-design/refine/upload',
        owner.cookie,
        multipart({ designId }, [{ field: 'tweak', filename: 't.png', data: await colour('#1e3a8a') }]),
      );
    expect((await tweak()).statusCode).toBe(200);
    const refined = await send(
      'GET',
      `/api/room-design/refine/${designId}?tweak=tweak&iteration=0&feedback=navy+sofa`,
      owner.cookie,
      undefined,
      {
        'sec-fetch-site': 'same-origin',
      },
    );
    expect(refined.body).toContain('event: complete');
    expect((await send('POST', '/api/room-design/fix-room', owner.cookie, { designId })).statusCode).toBe(200);
    expect((await tweak()).statusCode).toBe(200);

    const shown = await share(designId, owner.cookie, 'fd');
    const all = storedKeys(designId);
    const hidden = all.filter((key) => !shown.includes(key));
    // The page shows the original photo and every result (generated, refined, fixed), each with its thumbnail.
    const names = (keys: string[]) => keys.map((key) => path.basename(key)).sort();
    expect(names(shown).filter((name) => name.startsWith('original'))).toEqual(['original-thumb.webp', 'original.webp']);
    expect(shown.length).toBe(2 + 2 * (2 + 1 + 1)); // original, 2 generated, 1 refined, 1 fixed: each with a thumbnail
    expect(shown.every((key) => all.includes(key))).toBe(true);
    for (const name of ['item-1.webp', 'item-1-thumb.webp', 'inspiration-1.webp', 'inspiration-1-thumb.webp', 'results.json'])
      expect(names(hidden), name).toContain(name);
    expect(names(hidden).filter((name) => name.startsWith('tweak-'))).toHaveLength(2);

    const stranger = await signIn();
    for (const key of shown) {
      expect(await read(key, ''), key).toEqual([200, 200]);
      expect(await read(key, stranger.cookie), key).toEqual([200, 200]);
    }
    for (const key of hidden) {
      expect(await read(key, ''), key).toEqual([404, 404]);
      expect(await read(key, stranger.cookie), key).toEqual([404, 404]);
    }

    const admin = await signIn({ role: 'admin' });
    for (const key of all) {
      expect(await read(key, owner.cookie), key).toEqual([200, 200]);
      expect(await read(key, admin.cookie), key).toEqual([200, 200]);
    }

    // Private again: a visitor reads nothing, not even what the page showed.
    await send('PATCH', `/api/room-designs/update/${designId}?fd_public=false`, owner.cookie, {
      url: '',
      isfdDesign: true,
      iskbDesign: false,
    });
    for (const key of shown) expect(await read(key, ''), key).toEqual([404, 404]);
  }, 120_000);

  it('a visitor of a shared kitchen & bathroom design gets 404 for its finish and inspiration photos', async () => {
    const owner = await signIn();
    const created = await send(
      'POST',
      '/api/kitchen-bathroom-design',
      owner.cookie,
      multipart({ finishesData: JSON.stringify([{ label: 'white marble', category: 'Countertops' }]) }, [
        { field: 'spacePhoto', filename: 'room.jpg', data: room },
        { field: 'finishesFixtures', filename: 'marble.png', data: await colour('#eeeeee') },
        { field: 'inspirationPhotos', filename: 'idea.png', data: await colour('#8899aa') },
      ]),
    );
    expect(created.statusCode).toBe(200);
    const designId = created.json().designId as string;
    const shown = await share(designId, owner.cookie, 'kb');
    const hidden = storedKeys(designId).filter((key) => !shown.includes(key));
    expect(hidden.map((key) => path.basename(key)).sort()).toEqual([
      'finish-1-thumb.webp',
      'finish-1.webp',
      'inspiration-1-thumb.webp',
      'inspiration-1.webp',
      // The room photo as its owner gave it: downloaded by id (its owner's, or a visitor's of a shared design), never a file URL.
      'original-given.jpg',
      'results.json',
    ]);
    for (const key of shown) expect(await read(key, ''), key).toEqual([200, 200]);
    for (const key of hidden) {
      expect(await read(key, ''), key).toEqual([404, 404]);
      expect(await read(key, owner.cookie), key).toEqual([200, 200]);
    }
  }, 60_000);
});
