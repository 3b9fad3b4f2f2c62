import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@rv/contracts/messages';
import { objectDeletions, storedImageKeys } from '../../src/db/schema';
import { DELETE_OBJECTS_QUEUE } from '../../src/jobs/delete-objects-job';
import { GENERATION_FAILED } from '../../src/jobs/generate-design-job';
import { pendingObjectDeletions } from '../../src/storage/object-deletions';
import { signInNewUser } from '../fixtures';
import { eventually, type createTestApp } from '../test-app';
import { creditsUsed, expectNoOrphans, expectStillServing, JOB_RUNS, makeRoomPhoto, postDesign } from './fault-fixtures';
import { makeItemPhoto } from '../images';
import { ACCESS_DENIED, INTERNAL_ERROR, type RefusingS3 } from './refusing-s3';
import { appWithRefusingStore } from './storage-stand-in';

/** The real S3 storage adapter, through the real app, against an S3 store that refuses requests. */
describe('faults: the storage refuses a write', () => {
  let harness: Awaited<ReturnType<typeof appWithRefusingStore>>;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let store: RefusingS3;
  let room: Buffer;
  let item: Buffer;

  beforeAll(async () => {
    harness = await appWithRefusingStore();
    ({ ctx, store } = harness);
    room = await makeRoomPhoto();
    item = await makeItemPhoto();
  });
  afterAll(() => harness?.close());

  const db = () => ctx.app.services.database.db;
  const designsOf = (userId: string) => harness.designsOf(userId);
  const refusedPuts = (match: (key: string) => boolean) => harness.refusedPuts(match);
  const expectCleanFailure = (userId: string, cookie: string, usedBefore: number) => harness.expectCleanFailure(userId, cookie, usedBefore);
  /** Posts the design (room and item) while the store refuses as `rule` says, then accepts again: the answer is a plain 500. */
  async function expectUploadFailsAsInternal(cookie: string, rule: Parameters<RefusingS3['refuse']>[0]) {
    store.refuse(rule);
    try {
      const res = await postDesign(ctx.app, cookie, room, item);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: messages.server.internal, code: 'INTERNAL' });
    } finally {
      store.refuse(undefined);
    }
  }

  it('every write refused while the photos are uploaded: a plain 500, no design, no credit taken, nothing stored', async () => {
    const { id, cookie } = await signInNewUser(ctx.app, db(), { transformationsUsed: 5 });
    const keysBefore = await store.keys();
    await expectUploadFailsAsInternal(cookie, ({ method }) => (method === 'PUT' ? ACCESS_DENIED : undefined));
    expect(await designsOf(id)).toEqual([]);
    expect(await store.keys()).toEqual(keysBefore);
    await expectCleanFailure(id, cookie, 5);
  });

  it('the store failing part way through the uploads: what was stored is removed, no design, no credit taken', async () => {
    const { id, cookie } = await signInNewUser(ctx.app, db());
    const keysBefore = await store.keys();
    let puts = 0;
    // The room photo and its thumbnail are stored; the item photo is refused (after the SDK's own retries).
    await expectUploadFailsAsInternal(cookie, ({ method }) => (method === 'PUT' && ++puts > 2 ? INTERNAL_ERROR : undefined));
    expect(puts).toBeGreaterThan(3);
    expect(store.requests.filter((r) => r.method === 'DELETE' && r.key.endsWith('/original.webp'))).not.toHaveLength(0);
    expect(await designsOf(id)).toEqual([]);
    expect(await store.keys()).toEqual(keysBefore);
    await expectCleanFailure(id, cookie, 0);
  });

  it('the results refused every time: the job runs as designed, then the design fails, credit back, no result files left', async () => {
    const { id, cookie } = await signInNewUser(ctx.app, db(), { transformationsUsed: 1 });
    store.refuse(({ method, key }) => (method === 'PUT' && key.endsWith('/results.json') ? ACCESS_DENIED : undefined));
    try {
      const res = await postDesign(ctx.app, cookie, room, item);
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toBe(GENERATION_FAILED);
    } finally {
      store.refuse(undefined);
    }
    expect(refusedPuts((key) => key.endsWith('/results.json'))).toBe(JOB_RUNS);
    const [design] = await designsOf(id);
    expect(design).toMatchObject({ status: 'failed', creditState: 'refunded', error: GENERATION_FAILED, generated: [] });
    // The failed design keeps its uploads (listed, deletable); the results written before the refusal are gone.
    expect((await store.keys()).filter((key) => key.startsWith(`designs/${design!.id}/`))).toEqual(
      [design!.original, ...design!.references].flatMap(storedImageKeys).sort(),
    );
    await expectCleanFailure(id, cookie, 1);
  });

  it('a result refused once: the job runs again and the design completes, charged once', async () => {
    const { id, cookie } = await signInNewUser(ctx.app, db());
    let refused = 0;
    store.refuse(({ method, key }) =>
      method === 'PUT' && key.endsWith('/generated-2.webp') && ++refused === 1 ? ACCESS_DENIED : undefined,
    );
    try {
      const res = await postDesign(ctx.app, cookie, room);
      expect(res.statusCode).toBe(200);
    } finally {
      store.refuse(undefined);
    }
    expect(refused).toBe(2);
    const [design] = await designsOf(id);
    expect(design).toMatchObject({ status: 'done', creditState: 'committed', error: null });
    expect(design!.generated).toHaveLength(2);
    expect(await creditsUsed(ctx.app, id)).toBe(1);
    await expectNoOrphans(ctx.app, () => store.keys());
    await expectStillServing(ctx.app, cookie);
  });

  it('the results stored but refused when read back: the job runs as designed, then the design fails, credit back, results removed', async () => {
    const { id, cookie } = await signInNewUser(ctx.app, db(), { transformationsUsed: 7 });
    store.refuse(({ method, key }) => (method === 'GET' && key.endsWith('/generated-1.webp') ? ACCESS_DENIED : undefined));
    try {
      const res = await postDesign(ctx.app, cookie, room);
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toBe(GENERATION_FAILED);
    } finally {
      store.refuse(undefined);
    }
    // Each run reads the stored results back (the later runs reuse them: the engine is not paid again).
    expect(store.requests.filter((r) => r.refused && r.key.endsWith('/generated-1.webp'))).toHaveLength(JOB_RUNS);
    const [design] = await designsOf(id);
    expect(design).toMatchObject({ status: 'failed', creditState: 'refunded', error: GENERATION_FAILED, generated: [] });
    // The design shows as failed as soon as it is marked; its stored results are removed just after.
    const designKeys = async () => (await store.keys()).filter((key) => key.startsWith(`designs/${design!.id}/`));
    await eventually(async () => (await designKeys()).length === 3);
    expect(await designKeys()).toEqual(storedImageKeys(design!.original).sort());
    await expectCleanFailure(id, cookie, 7);
  });

  it('a design failed while the store refuses every delete: it reads failed at once, and its files are gone once the store answers again', async () => {
    const { id, cookie } = await signInNewUser(ctx.app, db(), { transformationsUsed: 2 });
    const { jobs } = ctx.app.services;
    // The deletion job keeps its retry count; its tries come a second apart here instead of growing.
    await jobs.updateQueue(DELETE_OBJECTS_QUEUE, { name: DELETE_OBJECTS_QUEUE, retryDelay: 1, retryBackoff: false });
    // Every run stores its two results, then the manifest is refused; every delete is refused (the store is down for them).
    store.refuse(({ method, key }) =>
      method === 'DELETE' || (method === 'PUT' && key.endsWith('/results.json')) ? ACCESS_DENIED : undefined,
    );
    let resultKeys: string[] = [];
    try {
      const res = await postDesign(ctx.app, cookie, room);
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toBe(GENERATION_FAILED);
      const [design] = await designsOf(id);
      expect(design).toMatchObject({ status: 'failed', creditState: 'refunded', error: GENERATION_FAILED, generated: [] });
      resultKeys = (await store.keys()).filter((key) => key.startsWith(`designs/${design!.id}/generated-`));
      expect(resultKeys).toHaveLength(4);
      // They are recorded for deletion, and the deletion job has tried them and met the refusal.
      expect(await pendingObjectDeletions(db())).toEqual(expect.arrayContaining(resultKeys));
      await eventually(async () => {
        const [row] = await db().select().from(objectDeletions).where(eq(objectDeletions.key, resultKeys[0]!));
        return (row?.attempts ?? 0) >= 2;
      });
      expect((await store.keys()).filter((key) => resultKeys.includes(key))).toEqual(resultKeys);
    } finally {
      store.refuse(undefined);
    }
    // The store answers again: the job's next try deletes them; the audit finds no orphan.
    await expectCleanFailure(id, cookie, 2);
    expect((await store.keys()).filter((key) => resultKeys.includes(key))).toEqual([]);
  });
});
