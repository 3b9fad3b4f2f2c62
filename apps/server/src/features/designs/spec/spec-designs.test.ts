import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@rv/contracts/messages';
import { designImages, designTasks, roomDesigns } from '../../../db/schema';
import { signInNewUser } from '../../../../test/fixtures';
import { createTestApp, TEST_ORIGIN } from '../../../../test/test-app';
import { DESIGN_STILL_RUNNING } from '../images/delete-room-design';
import { myDesignsAnswer, type MyDesignsAnswer } from '@rv/contracts/api/designs';
import { makeSeedPicture, seedDesign, type SeedDesignOptions, type SeedPicture } from '../../../../test/seed-designs';

describe('My Designs: GET /api/room-designs and DELETE /api/room-designs/{id}', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let picture: SeedPicture;
  beforeAll(async () => {
    ctx = await createTestApp();
    picture = await makeSeedPicture({ width: 320, height: 240 });
  });
  afterAll(() => ctx.close());

  const db = () => ctx.app.services.database.db;
  const signIn = () => signInNewUser(ctx.app, db());
  /** Designs one minute apart, the first one newest. */
  async function seed(userId: string, count: number, options: Partial<SeedDesignOptions> = {}) {
    const ids: string[] = [];
    for (let i = 0; i < count; i++)
      ids.push(
        await seedDesign(db(), ctx.app.services.storage, picture, {
          userId,
          saved: [true, false],
          createdAt: new Date(Date.UTC(2026, 0, 1) - i * 60_000),
          ...options,
        }),
      );
    return ids;
  }
  const list = async (cookie: string, query: string) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/room-designs?${query}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    // The route sends its answer without re-validating it: the contract is held here, on every list.
    return myDesignsAnswer.parse(res.json()) as MyDesignsAnswer;
  };
  const remove = (cookie: string, id: string, statusIndex: number) =>
    ctx.app.inject({
      method: 'DELETE',
      url: `/api/room-designs/${id}?status_index=${statusIndex}&c=designs/${id}/original.webp&v=designs/${id}/generated-1.webp`,
      headers: { cookie, origin: TEST_ORIGIN },
    });
  const stored = (key: string) => existsSync(path.join(ctx.config.DATA_DIR, 'files', key));
  const fileStatus = async (cookie: string, url: string) => (await ctx.app.inject({ method: 'GET', url, headers: { cookie } })).statusCode;

  it('asks for a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/room-designs?page=1&limit=6' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(messages.auth.pleaseLogIn);
  });

  it('lists only the caller’s designs, saved ones by default and every finished one with scope=all', async () => {
    const alice = await signIn();
    const bob = await signIn();
    const aliceSaved = await seed(alice.id, 3);
    const aliceUnsaved = await seed(alice.id, 2, { saved: [false, false] });
    const bobSaved = await seed(bob.id, 4);

    const saved = await list(alice.cookie, 'page=1&limit=6');
    expect(saved.result.map((d) => d.id).sort()).toEqual([...aliceSaved].sort());
    const all = await list(alice.cookie, 'page=1&limit=6&scope=all');
    expect(all.result.map((d) => d.id).sort()).toEqual([...aliceSaved, ...aliceUnsaved].sort());
    const bobs = await list(bob.cookie, 'page=1&limit=50&scope=all');
    expect(bobs.result.map((d) => d.id).sort()).toEqual([...bobSaved].sort());
    expect(bobs.result.every((d) => !aliceSaved.includes(d.id))).toBe(true);
  });

  it('leaves out designs that are not finished from both lists', async () => {
    const user = await signIn();
    const [running] = await seed(user.id, 1);
    await db().update(roomDesigns).set({ status: 'running' }).where(eq(roomDesigns.id, running!));
    await db().update(designImages).set({ saved: false }).where(eq(designImages.designId, running!));
    expect((await list(user.cookie, 'page=1&limit=6&scope=all')).result).toEqual([]);
    expect((await list(user.cookie, 'page=1&limit=6')).result).toEqual([]);
    const res = await remove(user.cookie, running!, -1);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(DESIGN_STILL_RUNNING);
  });

  it('pages 13 saved designs 6 at a time, newest first, with the right flags at both edges', async () => {
    const user = await signIn();
    const ids = await seed(user.id, 13);
    const page1 = await list(user.cookie, 'page=1&limit=6');
    const page2 = await list(user.cookie, 'page=2&limit=6');
    const page3 = await list(user.cookie, 'page=3&limit=6');
    expect([...page1.result, ...page2.result, ...page3.result].map((d) => d.id)).toEqual(ids);
    expect(page1).toMatchObject({ updatedPage: 1, hasPreviousPage: false, hasNextPage: true, lastPage: 3, error: null });
    expect(page2).toMatchObject({ updatedPage: 2, hasPreviousPage: true, hasNextPage: true, lastPage: 3 });
    expect(page3).toMatchObject({ updatedPage: 3, hasPreviousPage: true, hasNextPage: false, lastPage: 3 });
    expect(page3.result).toHaveLength(1);

    const page0 = await list(user.cookie, 'page=0&limit=6');
    expect(page0).toMatchObject({ updatedPage: 1, hasPreviousPage: false, hasNextPage: true, lastPage: 3 });
    expect(page0.result.map((d) => d.id)).toEqual(ids.slice(0, 6));
    const past = await list(user.cookie, 'page=9&limit=6');
    expect(past).toMatchObject({ updatedPage: 3, hasPreviousPage: true, hasNextPage: false, lastPage: 3 });
    expect(past.result.map((d) => d.id)).toEqual(ids.slice(12));
    const exact = await list(user.cookie, 'page=2&limit=13');
    expect(exact).toMatchObject({ updatedPage: 1, hasPreviousPage: false, hasNextPage: false, lastPage: 1 });

    const nobody = await signIn();
    const empty = await list(nobody.cookie, 'page=1&limit=6');
    expect(empty).toEqual({ result: [], error: null, updatedPage: 1, hasPreviousPage: false, hasNextPage: false, lastPage: 1 });
  });

  it('refuses a page size outside 1..50 and a negative page', async () => {
    const user = await signIn();
    for (const query of ['page=1&limit=0', 'page=1&limit=51', 'page=-1&limit=6', 'page=1&limit=6&scope=public'])
      expect(
        (await ctx.app.inject({ method: 'GET', url: `/api/room-designs?${query}`, headers: { cookie: user.cookie } })).statusCode,
      ).toBe(400);
  });

  it('gives a thumbnail for every image, in the record’s order (refined first), and the owner can load it', async () => {
    const user = await signIn();
    await seed(user.id, 1, { refined: 1, saved: [true, false, true] });
    const [record] = (await list(user.cookie, 'page=1&limit=6')).result;
    expect(record!.refinedImageStorageUrls).toHaveLength(3);
    expect(record!.thumbnailUrls).toEqual(record!.refinedImageStorageUrls.map((url) => url.replace(/\.webp$/, '-thumb.webp')));
    expect(record!.thumbnailUrls[0]).toMatch(/refined-1-thumb\.webp$/);
    expect(record!.refinedSaveStatusList).toEqual([true, false, true]);
    expect(await fileStatus(user.cookie, record!.thumbnailUrls[0]!)).toBe(200);
    const stranger = await signIn();
    expect(await fileStatus(stranger.cookie, record!.thumbnailUrls[0]!)).toBe(404);
  });

  it('deletes one image of a design with several: its files go, the lists and maps close up behind it', async () => {
    const user = await signIn();
    const [id] = await seed(user.id, 1, {
      refined: 1,
      saved: [true, true, false],
      projectNameMap: { '0': 'Refined den', '1': 'Den', '2': 'Den two' },
      roomTypeMap: { '0': 'living-room', '1': 'bedroom', '2': 'kitchen' },
      notesMap: { '1': 'keep the rug' },
    });
    const [before] = (await list(user.cookie, 'page=1&limit=6&scope=all')).result;
    const removedUrl = before!.refinedImageStorageUrls[1]!;
    const res = await remove(user.cookie, id!, 1);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ deleted: 'image' });

    const [after] = (await list(user.cookie, 'page=1&limit=6&scope=all')).result;
    expect(after!.refinedImageStorageUrls).toEqual([before!.refinedImageStorageUrls[0], before!.refinedImageStorageUrls[2]]);
    expect(after!.refinedSaveStatusList).toEqual([true, false]);
    expect(after!.projectNameMap).toEqual({ '0': 'Refined den', '1': 'Den two' });
    expect(after!.roomTypeMap).toEqual({ '0': 'living-room', '1': 'kitchen' });
    expect(after!.notesMap).toEqual({});
    expect(stored(`designs/${id}/generated-1.webp`)).toBe(false);
    expect(stored(`designs/${id}/generated-1-thumb.webp`)).toBe(false);
    expect(stored(`designs/${id}/generated-2.webp`)).toBe(true);
    expect(stored(`designs/${id}/original.webp`)).toBe(true);
    expect(await fileStatus(user.cookie, removedUrl)).toBe(404);
  });

  it('deletes a design of one image whole, with every file it had', async () => {
    const user = await signIn();
    const [id] = await seed(user.id, 1, { generated: 1, saved: [true] });
    const res = await remove(user.cookie, id!, 0);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ deleted: 'design' });
    expect(await db().select().from(roomDesigns).where(eq(roomDesigns.id, id!))).toEqual([]);
    for (const name of ['original', 'original-thumb', 'generated-1', 'generated-1-thumb'])
      expect(stored(`designs/${id}/${name}.webp`)).toBe(false);
    expect((await list(user.cookie, 'page=1&limit=6&scope=all')).result).toEqual([]);
  });

  it('deleting a whole design also removes its refinement photos and outputs', async () => {
    const user = await signIn();
    const [id] = await seed(user.id, 1, { generated: 1, saved: [true] });
    const keys = [`designs/${id}/tweak-used.webp`, `designs/${id}/tweak-pending.webp`, `designs/${id}/refined-task.webp`];
    for (const key of keys) await ctx.app.services.storage.put(key, picture.full, 'image/webp');
    await db()
      .update(roomDesigns)
      .set({ pendingTweakKeys: [keys[1]!] })
      .where(eq(roomDesigns.id, id!));
    await db()
      .insert(designTasks)
      .values({
        id: `task-${id}`,
        designId: id!,
        userId: user.id,
        kind: 'refine',
        input: { kind: 'refine', tweakText: 'greener', scope: 'tweak', tweakKeys: [keys[0]!] },
        status: 'failed',
        resultKeys: [keys[2]!],
      });
    expect(keys.map(stored)).toEqual([true, true, true]);
    expect((await remove(user.cookie, id!, -1)).json()).toMatchObject({ deleted: 'design' });
    expect(keys.map(stored)).toEqual([false, false, false]);
    expect(await db().select().from(designTasks).where(eq(designTasks.designId, id!))).toEqual([]);
  });

  it('deletes the whole design for status_index -1, and refuses an index past the last image', async () => {
    const user = await signIn();
    const [id] = await seed(user.id, 1);
    expect((await remove(user.cookie, id!, 2)).statusCode).toBe(404);
    expect((await remove(user.cookie, id!, -1)).json()).toMatchObject({ deleted: 'design' });
    expect(stored(`designs/${id}/generated-2.webp`)).toBe(false);
  });

  it('refuses to delete another user’s design (as not found) and changes nothing', async () => {
    const owner = await signIn();
    const intruder = await signIn();
    const [id] = await seed(owner.id, 1, { generated: 1, saved: [true] });
    const res = await remove(intruder.cookie, id!, 0);
    expect(res.statusCode).toBe(404);
    expect((await remove(intruder.cookie, id!, -1)).statusCode).toBe(404);
    const anonymous = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/room-designs/${id}?status_index=-1`,
      headers: { origin: TEST_ORIGIN },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await list(owner.cookie, 'page=1&limit=6')).result.map((d) => d.id)).toEqual([id]);
    expect(stored(`designs/${id}/generated-1.webp`)).toBe(true);
  });

  it('refuses to update another user’s design (PATCH /api/room-designs/update/{id}) and changes nothing', async () => {
    const owner = await signIn();
    const intruder = await signIn();
    const [id] = await seed(owner.id, 1, { saved: [false, false] });
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/room-designs/update/${id}`,
      headers: { cookie: intruder.cookie, origin: TEST_ORIGIN },
      payload: { notesMap: {}, projectNameMap: { '0': 'Mine now' }, roomTypeMap: {}, refinedSaveStatusList: [true, true] },
    });
    expect(res.statusCode).toBe(404);
    const [design] = (await list(owner.cookie, 'page=1&limit=6&scope=all')).result;
    expect(design).toMatchObject({ projectNameMap: {}, refinedSaveStatusList: [false, false] });
    expect((await list(intruder.cookie, 'page=1&limit=6&scope=all')).result).toEqual([]);
  });

  it('refuses a delete from another site (CSRF)', async () => {
    const user = await signIn();
    const [id] = await seed(user.id, 1);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/room-designs/${id}?status_index=-1`,
      headers: { cookie: user.cookie, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect((await list(user.cookie, 'page=1&limit=6')).result).toHaveLength(1);
  });
});
