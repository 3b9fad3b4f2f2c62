import { mkdtempSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSrcSet, RESULT_IMAGE_SIZES } from '@rv/contracts/images';
import { messages } from '@rv/contracts/messages';
import { designFeedback, roomDesigns, roomShares } from '../../../db/schema';
import { roomJpeg } from '@rv/testing/test-rooms';
import { sanitizeAnalysisHtml } from '../../../lib/sanitize-analysis-html';
import type { createUser } from '../../../../test/fixtures';
import { signInNewUser } from '../../../../test/fixtures';
import { createTestApp, multipart, TEST_ORIGIN } from '../../../../test/test-app';
import { createNavyDesignAndWaitDone } from '../../../../test/stored-designs';
import { makeSeedPicture, seedDesign } from '../../../../test/seed-designs';
import { downloadFilename } from '../sharing/open-download';
import { NOT_OUR_IMAGE } from './open-download-by-url';
import { MAX_TWEAK_IMAGES } from './store-tweak-photos';
import { SHARED_DESIGN_TITLE } from '../sharing/design-page-meta';

describe('the results page calls', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let room: Buffer;
  beforeAll(async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'rv-web-og-'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<html><head><meta property="og:title" content="Room Visualizer" /><meta property="og:image" content="/samples/og-image.webp" /><!--site-config--></head><body></body></html>',
    );
    ctx = await createTestApp({ WEB_DIST_DIR: webDist });
    room = await roomJpeg();
  });
  afterAll(() => ctx.close());

  const db = () => ctx.app.services.database.db;
  const signIn = (options: Parameters<typeof createUser>[1] = {}) => signInNewUser(ctx.app, db(), options);
  const madeDesign = (userId: string) => createNavyDesignAndWaitDone(ctx.app.services, userId, room);
  const req = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method, url, payload, headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), ...headers } });

  it('saves names, room types and notes; the save list must match the images', async () => {
    const owner = await signIn();
    const designId = await madeDesign(owner.id);
    const body = {
      projectNameMap: { '0': 'Cosy lounge' },
      roomTypeMap: { '0': 'reading nook' },
      notesMap: { '0': 'keep the rug' },
      refinedSaveStatusList: [true, false],
    };
    const saved = await req('PATCH', `/api/room-designs/update/${designId}`, owner.cookie, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ projectName: 'Cosy lounge', roomType: 'reading nook', refinedSaveStatusList: [true, false] });
    expect(
      (await req('PATCH', `/api/room-designs/update/${designId}`, owner.cookie, { ...body, refinedSaveStatusList: [true] })).statusCode,
    ).toBe(400);
    const stranger = await signIn();
    expect((await req('PATCH', `/api/room-designs/update/${designId}`, stranger.cookie, body)).statusCode).toBe(404);
  });

  it('the share toggle makes the design readable by anyone with the link, read-only, and back to private', async () => {
    const owner = await signIn();
    const designId = await madeDesign(owner.id);
    const on = await req('PATCH', `/api/room-designs/update/${designId}?fd_public=true`, owner.cookie, {
      url: `/furnishing-decorating/design/${designId}`,
      isfdDesign: true,
      iskbDesign: false,
    });
    expect(on.json().design.makefdDetailUrlPublic).toBe(true);
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/room-design/${designId}` });
    expect(anonymous.json()).toMatchObject({ noSession: true, designId });
    expect((await ctx.app.inject({ method: 'GET', url: anonymous.json().generatedImageUrls[0] })).statusCode).toBe(200);
    const stranger = await signIn();
    expect(
      (
        await req('PATCH', `/api/room-designs/update/${designId}?fd_public=false`, stranger.cookie, {
          url: '',
          isfdDesign: true,
          iskbDesign: false,
        })
      ).statusCode,
    ).toBe(404);
    expect((await req('GET', `/api/room-design/refine/${designId}?tweak=tweak&feedback=make+it+blue`, stranger.cookie)).statusCode).toBe(
      404,
    );
    await req('PATCH', `/api/room-designs/update/${designId}?fd_public=false`, owner.cookie, {
      url: '',
      isfdDesign: true,
      iskbDesign: false,
    });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/room-design/${designId}` })).statusCode).toBe(404);
  });

  it('a public design page previews with its redesign (Open Graph); a private one with the site’s image', async () => {
    const owner = await signIn();
    const picture = await makeSeedPicture({ width: 640, height: 480 });
    const designId = await seedDesign(db(), ctx.app.services.storage, picture, { userId: owner.id, projectNameMap: { '0': 'Sunny Den' } });
    const page = async () => (await ctx.app.inject({ method: 'GET', url: `/furnishing-decorating/design/${designId}` })).body;
    expect(await page()).toContain('<meta property="og:image" content="/samples/og-image.webp" />');
    await db().update(roomDesigns).set({ isPublic: true }).where(eq(roomDesigns.id, designId));
    const html = await page();
    expect(html).toContain(`<meta property="og:image" content="${TEST_ORIGIN}/api/files/designs/${designId}/generated-1.webp" />`);
    // The image's name is the owner's own (docs/security.md#authorization-asvs-v8): the preview's title is the product's.
    expect(html).toContain(`<meta property="og:title" content="${SHARED_DESIGN_TITLE}" />`);
    expect(html).not.toContain('Sunny Den');
  });

  it("a public design page preloads the design it shows first with the page's own srcset and sizes, never the original photo; a private one preloads no photo", async () => {
    const owner = await signIn();
    const picture = await makeSeedPicture({ width: 1600, height: 1200 });
    const designId = await seedDesign(db(), ctx.app.services.storage, picture, { userId: owner.id });
    const page = async () => (await ctx.app.inject({ method: 'GET', url: `/kitchen-bathroom/design/${designId}` })).body;
    expect(await page()).not.toContain('as="image"');
    await db().update(roomDesigns).set({ isPublic: true }).where(eq(roomDesigns.id, designId));
    const record = (await ctx.app.inject({ method: 'GET', url: `/api/room-design/${designId}` })).json();
    const design = record.generatedImageUrls[0];
    const srcset = imageSrcSet(design, record.images[design]);
    expect(srcset).toMatch(/-thumb\.webp 720w, .* 1600w$/);
    const html = await page();
    expect(html).toContain(
      `<link rel="preload" as="image" href="${design}" imagesrcset="${srcset}" imagesizes="${RESULT_IMAGE_SIZES}" fetchpriority="high" />`,
    );
    expect(html).not.toContain(`rel="preload" as="image" href="${record.originalImageUrl}"`);
    expect(html.match(/as="image"/g)).toHaveLength(1);
  });

  it('a tweak refines over SSE (start, status, complete) with the uploaded tweak image, and the refined image comes first', async () => {
    const owner = await signIn();
    const designId = await madeDesign(owner.id);
    const tweak = await sharp({ create: { width: 60, height: 60, channels: 3, background: '#1e3a8a' } })
      .png()
      .toBuffer();
    const upload = multipart({ designId }, [{ field: 'tweak', filename: 'navy.png', data: tweak }]);
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/room-design/refine/upload',
      headers: { ...upload.headers, origin: TEST_ORIGIN, cookie: owner.cookie },
      payload: upload.payload,
    });
    expect(uploaded.json().tweakKeys).toHaveLength(1);

    const stream = await req(
      'GET',
      `/api/room-design/refine/${designId}?tweak=tweak&iteration=0&feedback=${encodeURIComponent('change the sofa to navy velvet')}`,
      owner.cookie,
      undefined,
      {
        'sec-fetch-site': 'same-origin',
      },
    );
    expect(stream.headers['content-type']).toBe('text/event-stream');
    const events = [...stream.body.matchAll(/event: (\w+)\ndata: (.*)\n/g)].map((m) => m[1]);
    expect(events[0]).toBe('start');
    expect(events).toContain('status');
    expect(events.at(-1)).toBe('complete');
    const complete = JSON.parse([...stream.body.matchAll(/event: complete\ndata: (.*)\n/g)][0]![1]!);
    const record = (await req('GET', `/api/room-design/${designId}`, owner.cookie)).json();
    expect(record.refinedImageUrls).toEqual([complete.refinedImageUrl]);
    expect(record.refinedImageStorageUrls[0]).toBe(complete.refinedImageUrl);
    expect(record.refinedSaveStatusList).toEqual([false, false, false]);
    const [design] = await db().select().from(roomDesigns).where(eq(roomDesigns.id, designId));
    expect(design!.pendingTweakKeys).toEqual([]);
  });

  it('tweak photos: a batch with one refused file stores none; photos pushed off the pending list are removed', async () => {
    const owner = await signIn();
    const designId = await madeDesign(owner.id);
    const tweak = await sharp({ create: { width: 60, height: 60, channels: 3, background: '#1e3a8a' } })
      .png()
      .toBuffer();
    const upload = (files: { field: string; filename: string; data: Buffer }[]) => {
      const body = multipart({ designId }, files);
      return ctx.app.inject({
        method: 'POST',
        url: '/api/room-design/refine/upload',
        headers: { ...body.headers, origin: TEST_ORIGIN, cookie: owner.cookie },
        payload: body.payload,
      });
    };
    const designFiles = async () =>
      (await readdir(path.join(ctx.config.DATA_DIR, 'files', 'designs', designId))).filter(
        (f) => f.startsWith('tweak-') && f.endsWith('.webp'),
      );
    const refused = await upload([
      { field: 'tweak', filename: 'ok.png', data: tweak },
      { field: 'tweak', filename: 'notes.png', data: Buffer.from('not an image at all') },
    ]);
    expect(refused.statusCode).toBe(415);
    expect(await designFiles()).toEqual([]);

    let pending: string[] = [];
    for (let i = 0; i <= MAX_TWEAK_IMAGES; i++)
      pending = (await upload([{ field: 'tweak', filename: `t${i}.png`, data: tweak }])).json().tweakKeys;
    expect(pending).toHaveLength(MAX_TWEAK_IMAGES);
    expect((await designFiles()).sort()).toEqual(pending.map((key) => path.basename(key)).sort());
  });

  it('refuses a blank tweak and a refinement started from another site', async () => {
    const owner = await signIn();
    const designId = await madeDesign(owner.id);
    const blank = await req('GET', `/api/room-design/refine/${designId}?tweak=tweak&feedback=%20%20`, owner.cookie);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe(messages.validation.feedbackRequired);
    const crossSite = await req('GET', `/api/room-design/refine/${designId}?tweak=tweak&feedback=blue`, owner.cookie, undefined, {
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('Fix Room adds new generated images', async () => {
    const owner = await signIn();
    const designId = await madeDesign(owner.id);
    const fixed = await req('POST', '/api/room-design/fix-room', owner.cookie, { designId });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().generatedImageUrls.length).toBeGreaterThan(2);
    const stranger = await signIn();
    expect((await req('POST', '/api/room-design/fix-room', stranger.cookie, { designId })).statusCode).toBe(404);
  });

  it('downloads only our own files, with a sanitised name, and never fetches a URL', async () => {
    const owner = await signIn();
    const designId = await madeDesign(owner.id);
    const record = (await req('GET', `/api/room-design/${designId}`, owner.cookie)).json();
    const url = record.generatedImageUrls[0] as string;
    const ok = await req(
      'GET',
      `/api/download-image?url=${encodeURIComponent(url)}&filename=${encodeURIComponent('My "Lounge"\r\n<x>')}`,
      owner.cookie,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    expect(String(ok.headers['content-disposition'])).toMatch(/^attachment; filename="My-Lounge-x-\d{4}-\d{2}-\d{2}T[\d-]+Z\.webp"$/);
    for (const bad of [
      'http://127.0.0.1:9/secret',
      'file:///etc/passwd',
      'https://evil.example/api/files/x.webp',
      'data:image/png;base64,AAAA',
      '/api/files/../../etc/passwd',
    ]) {
      const res = await req('GET', `/api/download-image?url=${encodeURIComponent(bad)}`, owner.cookie);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toBe(NOT_OUR_IMAGE);
    }
    const stranger = await signIn();
    expect((await req('GET', `/api/download-image?url=${encodeURIComponent(url)}`, stranger.cookie)).statusCode).toBe(404);
    expect(downloadFilename('', new Date('2026-01-02T03:04:05.678Z'))).toBe('room-design-2026-01-02T03-04-05-678Z.webp');
  });

  it('shares with the gallery and records feedback once per user', async () => {
    const owner = await signIn();
    const designId = await madeDesign(owner.id);
    const share = await req('POST', '/api/room-share', owner.cookie, { roomDesignId: designId });
    expect(share.json().message).toBe(messages.tools.roomShared);
    await req('POST', '/api/room-share', owner.cookie, { roomDesignId: designId });
    expect(await db().select().from(roomShares).where(eq(roomShares.roomDesignId, designId))).toHaveLength(1);
    const feedback = await req('POST', '/api/design-feedback', owner.cookie, {
      roomDesignId: designId,
      isHelpful: false,
      feedbackText: 'too dark',
    });
    expect(feedback.json().message).toBe(messages.tools.feedbackThanks);
    await req('POST', '/api/design-feedback', owner.cookie, { roomDesignId: designId, isHelpful: true, feedbackText: null });
    const rows = await db().select().from(designFeedback).where(eq(designFeedback.roomDesignId, designId));
    expect(rows).toMatchObject([{ isHelpful: true, feedbackText: null }]);
    const stranger = await signIn();
    expect((await req('POST', '/api/room-share', stranger.cookie, { roomDesignId: designId })).statusCode).toBe(404);
    expect(
      (await req('POST', '/api/design-feedback', '', { roomDesignId: designId, isHelpful: true, feedbackText: null })).statusCode,
    ).toBe(401);
  });

  it('analysis HTML loses scripts, handlers and links before it is stored', async () => {
    const dirty =
      '<p onclick="x()">Warm <strong>oak</strong><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:x">link</a></p><span style="background-color:#aabbcc;position:fixed">sw</span>';
    expect(await sanitizeAnalysisHtml(dirty)).toBe('<p>Warm <strong>oak</strong>link</p><span style="background-color:#aabbcc">sw</span>');
  });
});
