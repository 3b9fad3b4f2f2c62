import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designTasks, roomDesigns } from '../../src/db/schema';
import { DESIGN_TASK_QUEUE } from '../../src/jobs/design-task-job';
import { signInNewUser } from '../fixtures';
import type { createTestApp } from '../test-app';
import { getTweakStream, JOB_RUNS, postDesign, postFixRoom } from './fault-fixtures';
import { appWithEngineStandIn, ATTEMPTS_PER_CALL, failingAnswer, roomPhotoAndItsAnswer, type Answer } from './engine-stand-in';
import { designResults } from '../design-results';

/**
 * Refinement and Fix Room with the real OpenAI image engine, through the real app, against a local
 * stand-in for the service that answers 500 or never answers. These cost no credit.
 */

describe('faults: the image engine fails a refinement or Fix Room', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let engine: Awaited<ReturnType<typeof appWithEngineStandIn>>;
  let room: Buffer;
  let images: Answer;

  beforeAll(async () => {
    engine = await appWithEngineStandIn(DESIGN_TASK_QUEUE);
    ctx = engine.ctx;
    ({ room, images } = await roomPhotoAndItsAnswer());
  });
  afterAll(() => engine?.close());

  const db = () => ctx.app.services.database.db;

  async function makeDoneDesign(cookie: string): Promise<string> {
    engine.answerWith(images);
    const res = await postDesign(ctx.app, cookie, room);
    expect(res.statusCode).toBe(200);
    return res.json<{ designId: string }>().designId;
  }

  it('a refinement while the service answers 500: retried as designed, the stream ends with an error, nothing charged or left', async () => {
    const { id, cookie } = await signInNewUser(ctx.app, db());
    const designId = await makeDoneDesign(cookie);
    const done = await designResults(db(), designId);
    engine.answerWith(failingAnswer(500, 'The server had an error while processing your request.'));
    const before = engine.engineCalls();

    const stream = await getTweakStream(ctx.app, cookie, designId, 'make the sofa navy');

    const events = [...stream.body.matchAll(/event: (\w+)\ndata: (.*)\n/g)].map((m) => ({ event: m[1], data: JSON.parse(m[2]!) }));
    expect(events[0]?.event).toBe('start');
    expect(events.at(-1)).toEqual({ event: 'error', data: { details: 'The image service had a problem. Please try again in a minute.' } });
    expect(engine.engineCalls() - before).toBe(ATTEMPTS_PER_CALL * JOB_RUNS);
    const [task] = await db().select().from(designTasks).where(eq(designTasks.designId, designId));
    expect(task).toMatchObject({ status: 'failed', resultKeys: [] });
    const [after] = await db().select().from(roomDesigns).where(eq(roomDesigns.id, designId));
    expect(after).toMatchObject({ status: 'done' });
    expect((await designResults(db(), designId)).refined).toEqual([]);
    expect((await designResults(db(), designId)).generated).toEqual(done.generated);
    await engine.expectCleanFailure(id, cookie, 1);
  });

  it('Fix Room while the service never answers: the call fails as timed out, the design keeps its results, nothing left', async () => {
    const { id, cookie } = await signInNewUser(ctx.app, db());
    const designId = await makeDoneDesign(cookie);
    const done = await designResults(db(), designId);
    engine.answerWith(() => ({ hang: true }));
    const before = engine.engineCalls();

    const res = await postFixRoom(ctx.app, cookie, designId);

    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: 'The image service did not answer in time.', code: 'BAD_GATEWAY' });
    expect(engine.engineCalls() - before).toBe(ATTEMPTS_PER_CALL * JOB_RUNS);
    expect((await designResults(db(), designId)).generated).toEqual(done.generated);
    await engine.expectCleanFailure(id, cookie, 1);

    // The service is back: the next Fix Room works.
    engine.answerWith(images);
    const again = await postFixRoom(ctx.app, cookie, designId);
    expect(again.statusCode).toBe(200);
    expect(again.json<{ generatedImageUrls: string[] }>().generatedImageUrls).toHaveLength(3);
  });
});
