import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designTasks } from '../../src/db/schema';
import { TASK_FAILED } from '../../src/features/designs/tasks/fail-design-task';
import { signInNewUser } from '../fixtures';
import { eventually, type createTestApp } from '../test-app';
import { getTweakStream, JOB_RUNS, makeRoomPhoto, postDesign, postFixRoom } from './fault-fixtures';
import { ACCESS_DENIED, type RefusingS3 } from './refusing-s3';
import { appWithRefusingStore } from './storage-stand-in';

/** Refinement and Fix Room with the real S3 storage adapter, through the real app, against an S3 store that refuses requests. */
describe('faults: the storage refuses a refinement or Fix Room result', () => {
  let harness: Awaited<ReturnType<typeof appWithRefusingStore>>;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let store: RefusingS3;
  let room: Buffer;

  beforeAll(async () => {
    harness = await appWithRefusingStore();
    ({ ctx, store } = harness);
    room = await makeRoomPhoto();
  });
  afterAll(() => harness?.close());

  const db = () => ctx.app.services.database.db;
  const designsOf = (userId: string) => harness.designsOf(userId);
  const refusedPuts = (match: (key: string) => boolean) => harness.refusedPuts(match);
  const expectCleanFailure = (userId: string, cookie: string, usedBefore: number) => harness.expectCleanFailure(userId, cookie, usedBefore);

  it('a refinement whose result is refused: the stream ends with an error, no credit, no half-stored result', async () => {
    const { id, cookie } = await signInNewUser(ctx.app, db());
    const created = await postDesign(ctx.app, cookie, room);
    expect(created.statusCode).toBe(200);
    const designId = created.json<{ designId: string }>().designId;
    // The thumbnail of the refined image is stored; the image itself is refused.
    store.refuse(({ method, key }) => (method === 'PUT' && /\/task-[\w-]+-1\.webp$/.test(key) ? ACCESS_DENIED : undefined));
    let body: string;
    try {
      const stream = await getTweakStream(ctx.app, cookie, designId, 'a navy sofa');
      body = stream.body;
    } finally {
      store.refuse(undefined);
    }
    expect(body).toContain(`event: error\ndata: ${JSON.stringify({ details: TASK_FAILED.refine })}\n`);
    expect(refusedPuts((key) => key.includes('/task-'))).toBe(JOB_RUNS);
    const [task] = await db().select().from(designTasks).where(eq(designTasks.designId, designId));
    expect(task).toMatchObject({ status: 'failed', error: TASK_FAILED.refine });
    expect((await store.keys()).filter((key) => key.includes('/task-'))).toEqual([]);
    await expectCleanFailure(id, cookie, 1);
  });

  it('Fix Room whose result is refused when read back: the call fails with the spec text, the half-done result is removed', async () => {
    const { id, cookie } = await signInNewUser(ctx.app, db());
    const created = await postDesign(ctx.app, cookie, room);
    expect(created.statusCode).toBe(200);
    const designId = created.json<{ designId: string }>().designId;
    const [done] = await designsOf(id);
    // The restored image is stored, then refused whenever it is read back (to score its architecture, or by a later run).
    let stored = false;
    store.refuse(({ method, key }) => {
      if (!/\/task-[\w-]+-1\.webp$/.test(key)) return undefined;
      if (method === 'PUT') stored = true;
      return method === 'GET' && stored ? ACCESS_DENIED : undefined;
    });
    try {
      const res = await postFixRoom(ctx.app, cookie, designId);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ error: TASK_FAILED.fix, code: 'BAD_GATEWAY' });
    } finally {
      store.refuse(undefined);
    }
    expect(stored).toBe(true);
    expect(store.requests.filter((r) => r.refused && r.method === 'GET' && r.key.includes('/task-'))).toHaveLength(JOB_RUNS);
    const [after] = await designsOf(id);
    expect(after!.generated).toEqual(done!.generated);
    // The task shows as failed as soon as it is marked; its stored result is removed just after.
    const taskKeys = async () => (await store.keys()).filter((key) => key.includes('/task-'));
    await eventually(async () => (await taskKeys()).length === 0);
    expect(await taskKeys()).toEqual([]);
    await expectCleanFailure(id, cookie, 1);
  });
});
