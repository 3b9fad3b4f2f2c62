import { refineTaskInput } from '@rv/contracts/design-task-input';
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  designListAnswer,
  designViewAnswer,
  refinedViewImage,
  refinementAnswer,
  refinementCompleteEvent,
  TOO_MANY_TWEAK_PHOTOS,
} from '@rv/contracts/api/design-view';
import { messages } from '@rv/contracts/messages';
import { designTasks, fairUseLedger, roomDesigns } from '../../../db/schema';
import { roomJpeg } from '@rv/testing/test-rooms';
import type { createUser } from '../../../../test/fixtures';
import { signInNewUser } from '../../../../test/fixtures';
import { createTestApp, multipart, TEST_ORIGIN } from '../../../../test/test-app';
import { createNavyDesignAndWaitDone } from '../../../../test/stored-designs';
import { FAIR_USE } from '../tasks/start-design-task';
import { FAIR_USE_TASKS_PER_DAY } from '../tasks/tasks-in-last-day';

/** Our web app's design calls (ADR 025): the view, the list, the public toggle, download and refine by image id. */
describe('the design view calls', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let room: Buffer;
  let navy: Buffer;
  beforeAll(async () => {
    ctx = await createTestApp();
    room = await roomJpeg();
    navy = await sharp({ create: { width: 60, height: 60, channels: 3, background: '#1e3a8a' } })
      .png()
      .toBuffer();
  });
  afterAll(() => ctx.close());

  const db = () => ctx.app.services.database.db;
  const signIn = (options: Parameters<typeof createUser>[1] = {}) => signInNewUser(ctx.app, db(), options);
  const madeDesign = (userId: string) => createNavyDesignAndWaitDone(ctx.app.services, userId, room);
  const req = (method: 'GET' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) =>
    ctx.app.inject({ method, url, payload, headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) } });
  const view = async (designId: string, cookie: string) =>
    designViewAnswer.parse((await req('GET', `/api/designs/${designId}`, cookie)).json());
  const refine = (
    designId: string,
    cookie: string,
    fields: Record<string, string>,
    files: { field: string; filename: string; data: Buffer }[] = [],
  ) => {
    const body = multipart(fields, files);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/designs/${designId}/refinements`,
      headers: { ...body.headers, origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      payload: body.payload,
    });
  };
  const events = (body: string) =>
    [...body.matchAll(/id: (.*)\nevent: (\w+)\ndata: (.*)\n/g)].map((m) => ({ id: m[1], event: m[2], data: JSON.parse(m[3]!) }));

  it('answers each image once, with its id, kind, URLs, srcset, size and saved state; only the owner may edit', async () => {
    const owner = await signIn();
    const designId = await madeDesign(owner.id);
    const answer = await view(designId, owner.cookie);
    expect(answer).toMatchObject({ editable: true, noSession: false });
    const { design } = answer;
    expect(design).toMatchObject({
      id: designId,
      tool: 'furnishing',
      status: 'done',
      isPublic: false,
      pagePath: `/furnishing-decorating/design/${designId}`,
    });
    expect(design.original.url).toMatch(/^\/api\/files\/designs\//);
    expect(design.images.length).toBeGreaterThanOrEqual(2);
    expect(new Set(design.images.map((image) => image.id)).size).toBe(design.images.length);
    expect(new Set(design.images.map((image) => image.url)).size).toBe(design.images.length);
    for (const image of design.images) {
      expect(image).toMatchObject({ kind: 'generated', saved: false, name: null, refinement: null });
      expect(image.thumbnailUrl).not.toBe(image.url);
      expect(image.width).toBeGreaterThan(0);
      if (image.thumbnailWidth < image.width)
        expect(image.srcset).toBe(`${image.thumbnailUrl} ${image.thumbnailWidth}w, ${image.url} ${image.width}w`);
      expect(image).not.toHaveProperty('position');
    }
    // The file itself is served to its owner.
    expect((await req('GET', design.images[0]!.url, owner.cookie)).statusCode).toBe(200);

    // Private: another user and a visitor are answered 404, as for a design that does not exist.
    const stranger = await signIn();
    expect((await req('GET', `/api/designs/${designId}`, stranger.cookie)).statusCode).toBe(404);
    expect((await req('GET', `/api/designs/${designId}`, '')).statusCode).toBe(404);
    expect((await req('GET', '/api/designs/no-such-design', owner.cookie)).statusCode).toBe(404);
  });

  it('the public toggle is its own call: the owner turns it on and off, another user’s call is 404 and changes nothing', async () => {
    const owner = await signIn();
    const designId = await madeDesign(owner.id);
    const stranger = await signIn();
    const foreign = await req('PUT', `/api/designs/${designId}/public`, stranger.cookie, { isPublic: true });
    expect(foreign.statusCode).toBe(404);
    expect((await view(designId, owner.cookie)).design.isPublic).toBe(false);
    expect((await req('PUT', `/api/designs/${designId}/public`, '', { isPublic: true })).statusCode).toBe(401);

    const on = await req('PUT', `/api/designs/${designId}/public`, owner.cookie, { isPublic: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ isPublic: true });
    // Public: a visitor reads it (noSession), another signed-in user reads it but may not edit it.
    expect(await view(designId, '')).toMatchObject({ editable: false, noSession: true, design: { isPublic: true } });
    expect(await view(designId, stranger.cookie)).toMatchObject({ editable: false, noSession: false });
    // The spec's record says the same.
    expect((await req('GET', `/api/room-design/${designId}`, '')).json()).toMatchObject({ makefdDetailUrlPublic: true, noSession: true });

    expect((await req('PUT', `/api/designs/${designId}/public`, owner.cookie, { isPublic: false })).json()).toEqual({ isPublic: false });
    expect((await req('GET', `/api/designs/${designId}`, '')).statusCode).toBe(404);
  });

  it('downloads an image by its id with its own name; the original by "original"; another design’s or user’s image is 404', async () => {
    const owner = await signIn();
    const designId = await madeDesign(owner.id);
    const otherDesignId = await madeDesign(owner.id);
    const { design } = await view(designId, owner.cookie);
    const image = design.images[0]!;
    expect(
      (await req('PATCH', `/api/designs/${designId}/images/${image.id}`, owner.cookie, { saved: true, name: 'My "Lounge"' })).statusCode,
    ).toBe(200);
    const download = (id: string, imageId: string, cookie: string) => req('GET', `/api/designs/${id}/images/${imageId}/download`, cookie);

    const ok = await download(designId, image.id, owner.cookie);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/webp');
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    expect(String(ok.headers['content-disposition'])).toMatch(/^attachment; filename="My-Lounge-\d{4}-\d{2}-\d{2}T[\d-]+Z\.webp"$/);
    expect(ok.rawPayload.equals((await req('GET', image.url, owner.cookie)).rawPayload)).toBe(true);
    const original = await download(designId, 'original', owner.cookie);
    expect(original.statusCode).toBe(200);
    expect(String(original.headers['content-disposition'])).toMatch(/filename="My-Lounge-original-/);
    // The room photo as it was given (a JPEG here, downloads.test.ts proves its pixels), not the WebP the page shows.
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(String(original.headers['content-disposition'])).toMatch(/\.jpg"$/);
    // An unnamed image falls back to 'room-design'.
    expect(String((await download(designId, design.images[1]!.id, owner.cookie)).headers['content-disposition'])).toMatch(
      /filename="room-design-/,
    );

    // An image of another design, named under this one; another user; a visitor; a made-up id.
    expect((await download(otherDesignId, image.id, owner.cookie)).statusCode).toBe(404);
    const stranger = await signIn();
    expect((await download(designId, image.id, stranger.cookie)).statusCode).toBe(404);
    expect((await download(designId, 'original', stranger.cookie)).statusCode).toBe(404);
    expect((await download(designId, image.id, '')).statusCode).toBe(404);
    expect((await download(designId, 'no-such-image', owner.cookie)).statusCode).toBe(404);
    // Shared: anyone with the link may download its images.
    await req('PUT', `/api/designs/${designId}/public`, owner.cookie, { isPublic: true });
    expect((await download(designId, image.id, '')).statusCode).toBe(200);
  });

  it('lists the caller’s designs as views, saved ones by default and every finished one with scope=all', async () => {
    const owner = await signIn();
    const designId = await madeDesign(owner.id);
    const empty = designListAnswer.parse((await req('GET', '/api/designs', owner.cookie)).json());
    expect(empty.designs).toEqual([]);
    const all = designListAnswer.parse((await req('GET', '/api/designs?scope=all&page=1', owner.cookie)).json());
    expect(all.designs.map((design) => design.id)).toEqual([designId]);
    expect(all).toMatchObject({ updatedPage: 1, hasPreviousPage: false, hasNextPage: false, lastPage: 1 });
    const imageId = all.designs[0]!.images[1]!.id;
    await req('PATCH', `/api/designs/${designId}/images/${imageId}`, owner.cookie, { saved: true, name: 'Den' });
    const saved = designListAnswer.parse((await req('GET', '/api/designs', owner.cookie)).json());
    expect(saved.designs[0]!.images.filter((image) => image.saved).map((image) => [image.id, image.name])).toEqual([[imageId, 'Den']]);
    const stranger = await signIn();
    expect(designListAnswer.parse((await req('GET', '/api/designs?scope=all', stranger.cookie)).json()).designs).toEqual([]);
    expect((await req('GET', '/api/designs', '')).statusCode).toBe(401);
  });

  it('scope=recent lists every design the caller started, one being made too, newest first, with its state and page (ADR 054)', async () => {
    const owner = await signIn();
    const older = await madeDesign(owner.id);
    const newer = await madeDesign(owner.id);
    // The newer one as it is while it is being made (the local engine makes one in a moment).
    await db().update(roomDesigns).set({ status: 'running' }).where(eq(roomDesigns.id, newer));
    const recent = designListAnswer.parse((await req('GET', '/api/designs?scope=recent&limit=3', owner.cookie)).json());
    expect(recent.designs.map((design) => [design.id, design.status, design.pagePath])).toEqual([
      [newer, 'running', `/furnishing-decorating/design/${newer}`],
      [older, 'done', `/furnishing-decorating/design/${older}`],
    ]);
    // Auto-saved Designs lists only finished ones; nobody else sees the caller's.
    const all = designListAnswer.parse((await req('GET', '/api/designs?scope=all', owner.cookie)).json());
    expect(all.designs.map((design) => design.id)).toEqual([older]);
    const stranger = await signIn();
    expect(designListAnswer.parse((await req('GET', '/api/designs?scope=recent', stranger.cookie)).json()).designs).toEqual([]);
    expect((await req('GET', '/api/designs?scope=recent', '')).statusCode).toBe(401);
  });

  it('a refinement is one request: its tweak photo goes to its own task (nothing waits on the design), the events end with the new image’s id', async () => {
    const owner = await signIn();
    const designId = await madeDesign(owner.id);
    const before = (await view(designId, owner.cookie)).design;
    const base = before.images[1]!;
    const started = await refine(
      designId,
      owner.cookie,
      { prompt: 'change the sofa to navy velvet', scope: 'tweak', baseImageId: base.id },
      [{ field: 'tweak', filename: 'navy.png', data: navy }],
    );
    expect(started.statusCode).toBe(201);
    const { taskId } = refinementAnswer.parse(started.json());
    const [task] = await db().select().from(designTasks).where(eq(designTasks.id, taskId));
    const input = refineTaskInput.parse(task!.input);
    expect(input).toMatchObject({ kind: 'refine', tweakText: 'change the sofa to navy velvet', scope: 'tweak' });
    expect(input.baseKey).toBe(base.url.replace('/api/files/', ''));
    expect(input.tweakKeys).toHaveLength(1);
    // Nothing is left pending on the design for another request (another tab) to take.
    const [design] = await db().select().from(roomDesigns).where(eq(roomDesigns.id, designId));
    expect(design!.pendingTweakKeys).toEqual([]);

    const stream = await req('GET', `/api/designs/${designId}/refinements/${taskId}/events`, owner.cookie);
    expect(stream.headers['content-type']).toBe('text/event-stream');
    const sent = events(stream.body);
    expect(sent[0]).toEqual({ id: taskId, event: 'start', data: { taskId } });
    expect(sent.every((event) => event.id === taskId)).toBe(true);
    expect(sent.at(-1)!.event).toBe('complete');
    const { imageId } = sent.at(-1)!.data as { imageId: string };
    const after = (await view(designId, owner.cookie)).design;
    expect(after.images[0]).toMatchObject({ id: imageId, kind: 'refined', refinement: 1, saved: false });
    expect(after.images.slice(1).map((image) => image.id)).toEqual(before.images.map((image) => image.id));
    // A reconnect (the same URL) follows the same, finished task: no second refinement.
    expect(events((await req('GET', `/api/designs/${designId}/refinements/${taskId}/events`, owner.cookie)).body).at(-1)).toMatchObject({
      event: 'complete',
      data: { imageId },
    });
    expect((await view(designId, owner.cookie)).design.images.filter((image) => image.kind === 'refined')).toHaveLength(1);
    // The second refinement is numbered 2 and comes first.
    const again = refinementAnswer.parse(
      (await refine(designId, owner.cookie, { prompt: 'add a jute rug', scope: 'transform', baseImageId: imageId })).json(),
    );
    await req('GET', `/api/designs/${designId}/refinements/${again.taskId}/events`, owner.cookie);
    expect((await view(designId, owner.cookie)).design.images.slice(0, 2).map((image) => image.refinement)).toEqual([2, 1]);
  });

  it('refuses another user’s image or design as the base (404), a blank prompt with the spec text, and stores nothing when refused', async () => {
    const owner = await signIn();
    const designId = await madeDesign(owner.id);
    const stranger = await signIn();
    const strangersDesignId = await madeDesign(stranger.id);
    const strangersImage = (await view(strangersDesignId, stranger.cookie)).design.images[0]!;
    const ownImage = (await view(designId, owner.cookie)).design.images[0]!;
    const tweakFiles = async (id: string) =>
      (await readdir(path.join(ctx.config.DATA_DIR, 'files', 'designs', id))).filter((file) => file.startsWith('tweak-'));

    // Another user's image named under the caller's own design, and another user's design.
    const foreignImage = await refine(designId, owner.cookie, { prompt: 'navy sofa', baseImageId: strangersImage.id }, [
      { field: 'tweak', filename: 'navy.png', data: navy },
    ]);
    expect(foreignImage.statusCode).toBe(404);
    const foreignDesign = await refine(strangersDesignId, owner.cookie, { prompt: 'navy sofa', baseImageId: strangersImage.id });
    expect(foreignDesign.statusCode).toBe(404);
    expect(await tweakFiles(designId)).toEqual([]);
    expect(await tweakFiles(strangersDesignId)).toEqual([]);
    expect(await db().select().from(designTasks).where(eq(designTasks.designId, strangersDesignId))).toEqual([]);

    const blank = await refine(designId, owner.cookie, { prompt: '   ', baseImageId: ownImage.id });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe(messages.validation.feedbackRequired);
    const notAnImage = await refine(designId, owner.cookie, { prompt: 'navy sofa', baseImageId: ownImage.id }, [
      { field: 'tweak', filename: 'ok.png', data: navy },
      { field: 'tweak', filename: 'notes.png', data: Buffer.from('not an image at all') },
    ]);
    expect(notAnImage.statusCode).toBe(415);
    const notAPng = await refine(designId, owner.cookie, { prompt: 'navy sofa', baseImageId: ownImage.id }, [
      { field: 'tweak', filename: 'ok.png', data: navy },
      { field: 'mask', filename: 'mask.txt', data: Buffer.from('not an image at all') },
    ]);
    expect([notAPng.statusCode, notAPng.json().error]).toEqual([415, messages.refineMask.notPng]);
    const fourPhotos = await refine(
      designId,
      owner.cookie,
      { prompt: 'navy sofa', baseImageId: ownImage.id },
      Array.from({ length: 4 }, (_, n) => ({ field: 'tweak', filename: `t${n}.png`, data: navy })),
    );
    expect([fourPhotos.statusCode, fourPhotos.json().error]).toEqual([400, TOO_MANY_TWEAK_PHOTOS]);
    expect(await tweakFiles(designId)).toEqual([]);
    expect(
      (await readdir(path.join(ctx.config.DATA_DIR, 'files', 'designs', designId))).filter((file) => file.startsWith('mask-')),
    ).toEqual([]);
    expect(await db().select().from(designTasks).where(eq(designTasks.designId, designId))).toEqual([]);

    // Another user's task is not followed, even under their own design's id.
    const { taskId } = refinementAnswer.parse(
      (await refine(strangersDesignId, stranger.cookie, { prompt: 'oak floor', baseImageId: strangersImage.id })).json(),
    );
    expect((await req('GET', `/api/designs/${strangersDesignId}/refinements/${taskId}/events`, owner.cookie)).statusCode).toBe(404);
    expect((await req('GET', `/api/designs/${designId}/refinements/${taskId}/events`, owner.cookie)).statusCode).toBe(404);
    await req('GET', `/api/designs/${strangersDesignId}/refinements/${taskId}/events`, stranger.cookie);
  });

  it('a refinement refused when it starts (the fair-use cap) leaves none of the photos or the mask it carried', async () => {
    const owner = await signIn();
    const designId = await madeDesign(owner.id);
    const base = (await view(designId, owner.cookie)).design.images[0]!;
    // The day's runs as starting them records them: each task and its row in the fair-use ledger.
    const earlier = Array.from({ length: FAIR_USE_TASKS_PER_DAY }, () => randomUUID());
    await db()
      .insert(designTasks)
      .values(
        earlier.map((id) => ({
          id,
          designId,
          userId: owner.id,
          kind: 'refine' as const,
          input: { kind: 'refine' as const, tweakText: 'earlier', scope: 'tweak' as const, tweakKeys: [] },
          status: 'done' as const,
        })),
      );
    await db()
      .insert(fairUseLedger)
      .values(earlier.map((id) => ({ id, userId: owner.id, kind: 'refine' as const })));
    const refused = await refine(
      designId,
      owner.cookie,
      {
        prompt: 'navy sofa',
        baseImageId: base.id,
        maskRle: `${base.width}x${base.height}:0,${base.width},${base.width * (base.height - 1)}`,
      },
      [{ field: 'tweak', filename: 'navy.png', data: navy }],
    );
    expect([refused.statusCode, refused.json().error]).toEqual([429, FAIR_USE]);
    const files = await readdir(path.join(ctx.config.DATA_DIR, 'files', 'designs', designId));
    expect(files.filter((file) => file.startsWith('tweak-') || file.startsWith('mask-'))).toEqual([]);
  });

  it('a masked refinement carries its painted area in the same request and the refined image keeps it', async () => {
    const owner = await signIn();
    const designId = await madeDesign(owner.id);
    const base = (await view(designId, owner.cookie)).design.images[0]!;
    const { width, height } = base;
    // The middle third of each row is painted (run-length form: kept, painted, kept, ... per row).
    const third = Math.floor(width / 3);
    const merged = [third];
    for (let row = 0; row < height; row++) merged.push(third, width - 2 * third + (row < height - 1 ? third : 0));
    const maskRle = `${width}x${height}:${merged.join(',')}`;
    const wrongSize = await refine(designId, owner.cookie, { prompt: 'navy sofa', baseImageId: base.id, maskRle: '8x2:3,2,6,2,3' });
    expect(wrongSize.statusCode).toBe(400);
    expect(wrongSize.json().error).toBe(messages.refineMask.wrongSize(width, height));
    const started = await refine(designId, owner.cookie, { prompt: 'navy sofa', baseImageId: base.id, maskRle });
    expect(started.statusCode).toBe(201);
    const { taskId } = refinementAnswer.parse(started.json());
    const done = events((await req('GET', `/api/designs/${designId}/refinements/${taskId}/events`, owner.cookie)).body).at(-1)!;
    expect(done.event).toBe('complete');
    const refined = refinedViewImage.parse((await view(designId, owner.cookie)).design.images[0]);
    expect(refined.id).toBe(refinementCompleteEvent.parse(done.data).imageId);
    expect(refined.maskUrl).toMatch(new RegExp(`^/api/files/designs/${designId}/mask-${base.id}-[0-9a-f]{12}\\.png$`));
    const [design] = await db().select().from(roomDesigns).where(eq(roomDesigns.id, designId));
    expect(design!.pendingMaskKeys).toEqual([]);
  });
});
