import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomDesigns } from '../../src/db/schema';
import { DESIGN_TASK_QUEUE } from '../../src/jobs/design-task-job';
import { GENERATE_DESIGN_QUEUE } from '../../src/jobs/generate-design-job';
import { signInNewUser } from '../fixtures';
import type { createTestApp } from '../test-app';
import { creditsUsed, expectNoOrphans, expectStillServing, JOB_RUNS, localStorageKeys, postDesign } from './fault-fixtures';
import { makeItemPhoto } from '../images';
import {
  ATTEMPTS_PER_CALL,
  appWithEngineStandInTimed,
  failingAnswer,
  PATIENT_ATTEMPT_TIMEOUT_MS,
  roomPhotoAndItsAnswer,
  type Answer,
} from './engine-stand-in';
import { designResults } from '../design-results';

/**
 * The real OpenAI image engine, through the real app, against a local stand-in for the service that
 * fails the way services do: 500, 429 with Retry-After, or no answer at all.
 */

/** Each attempt's time-out against a service that never answers. */
const HANG_ATTEMPT_TIMEOUT_MS = 1_000;

describe('faults: the image engine never answers', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let engine: Awaited<ReturnType<typeof appWithEngineStandInTimed>>;
  let room: Buffer;

  beforeAll(async () => {
    // Long enough for the request to reach the stand-in on a busy machine before its attempt is cut.
    engine = await appWithEngineStandInTimed({ timeoutMs: HANG_ATTEMPT_TIMEOUT_MS }, GENERATE_DESIGN_QUEUE, DESIGN_TASK_QUEUE);
    ctx = engine.ctx;
    ({ room } = await roomPhotoAndItsAnswer());
  });
  afterAll(() => engine?.close());

  const db = () => ctx.app.services.database.db;

  it('a service that never answers: each attempt is cut at the time-out, then the design fails as timed out, credit back', async () => {
    const { id, cookie } = await signInNewUser(ctx.app, db());
    engine.answerWith(() => ({ hang: true }));
    const before = engine.engineCalls();
    const started = Date.now();

    const res = await postDesign(ctx.app, cookie, room);

    expect(res.statusCode).toBe(502);
    expect(res.json().error).toBe('The image service did not answer in time. Your credit has been returned.');
    expect(engine.engineCalls() - before).toBe(ATTEMPTS_PER_CALL * JOB_RUNS);
    expect(Date.now() - started).toBeGreaterThanOrEqual(ATTEMPTS_PER_CALL * JOB_RUNS * HANG_ATTEMPT_TIMEOUT_MS);
    await engine.expectCleanFailure(id, cookie, 0);
  });
});

/**
 * The service's answers, each attempt ended by the answer alone (PATIENT_ATTEMPT_TIMEOUT_MS): with a short
 * time-out a busy machine could cut an attempt before its request reached the stand-in (8 requests of 9).
 * Retry-After, measured where the service would: the stand-in keeps the time each request reached it (and
 * was answered at once), and each retry within a job run must reach it no sooner than the delay asked.
 * What is measured is the wait, not a race between a short time-out and a busy machine.
 */
describe('faults: the image engine answers 500, or asks to wait (Retry-After)', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let engine: Awaited<ReturnType<typeof appWithEngineStandInTimed>>;
  let room: Buffer;
  let item: Buffer;
  let images: Answer;

  beforeAll(async () => {
    engine = await appWithEngineStandInTimed({ timeoutMs: PATIENT_ATTEMPT_TIMEOUT_MS }, GENERATE_DESIGN_QUEUE, DESIGN_TASK_QUEUE);
    ctx = engine.ctx;
    ({ room, images } = await roomPhotoAndItsAnswer());
    item = await makeItemPhoto();
  });
  afterAll(() => engine?.close());

  const db = () => ctx.app.services.database.db;

  it('a service answering 500 every time: retried as designed, then the design fails with a clear message and the credit back', async () => {
    const { id, cookie } = await signInNewUser(ctx.app, db(), { transformationsUsed: 4 });
    engine.answerWith(failingAnswer(500, 'The server had an error while processing your request.'));
    const before = engine.engineCalls();

    const res = await postDesign(ctx.app, cookie, room, item);

    expect(res.statusCode).toBe(502);
    const { designId, error } = res.json<{ designId: string; error: string }>();
    expect(error).toBe('The image service had a problem. Please try again in a minute. Your credit has been returned.');
    expect(engine.engineCalls() - before).toBe(ATTEMPTS_PER_CALL * JOB_RUNS);
    const [design] = await db().select().from(roomDesigns).where(eq(roomDesigns.id, designId));
    expect(design).toMatchObject({ status: 'failed', creditState: 'refunded' });
    expect((await designResults(db(), designId)).all).toEqual([]);
    // The failed design keeps its uploads (it is listed and can be deleted): the room photo, its photo as given, an item, their thumbnails.
    expect(localStorageKeys(ctx.config.DATA_DIR).filter((k) => k.startsWith(`designs/${designId}/`))).toHaveLength(5);
    const view = await ctx.app.inject({ method: 'GET', url: `/api/room-design/${designId}`, headers: { cookie } });
    expect(view.json()).toMatchObject({ status: 'failed', error });
    await engine.expectCleanFailure(id, cookie, 4);
  });

  it('a service answering 429 every time: each retry waits as long as asked, then the design fails as busy, credit back', async () => {
    const { id, cookie } = await signInNewUser(ctx.app, db());
    // OpenAI sends retry-after-ms beside Retry-After; the shorter form keeps this test quick.
    engine.answerWith(failingAnswer(429, 'Rate limit reached for images per minute.', { 'retry-after': '1', 'retry-after-ms': '300' }));
    const before = engine.engineCalls();
    engine.arrivals.length = 0;

    const res = await postDesign(ctx.app, cookie, room);

    expect(res.statusCode).toBe(502);
    expect(res.json().error).toBe('The image service is busy. Please try again in a minute. Your credit has been returned.');
    expect(engine.engineCalls() - before).toBe(ATTEMPTS_PER_CALL * JOB_RUNS);
    // Within one run of the job, each retry comes no sooner than the service asked (from its arrival, when it was answered).
    for (let run = 0; run < JOB_RUNS; run++) {
      for (let attempt = 1; attempt < ATTEMPTS_PER_CALL; attempt++) {
        const index = run * ATTEMPTS_PER_CALL + attempt;
        expect(engine.arrivals[index]! - engine.arrivals[index - 1]!).toBeGreaterThanOrEqual(300);
      }
    }
    await engine.expectCleanFailure(id, cookie, 0);
  });

  it('a 429 and then an answer: the design completes and is charged once', async () => {
    const { id, cookie } = await signInNewUser(ctx.app, db(), { transformationsUsed: 2 });
    let calls = 0;
    // The standard header alone, in seconds.
    engine.answerWith((request) =>
      ++calls === 1 ? failingAnswer(429, 'Rate limit reached.', { 'retry-after': '1' })(request) : images(request),
    );
    const before = engine.engineCalls();
    engine.arrivals.length = 0;

    const res = await postDesign(ctx.app, cookie, room, item);

    expect(res.statusCode).toBe(200);
    expect(engine.engineCalls() - before).toBe(2);
    expect(engine.arrivals[1]! - engine.arrivals[0]!).toBeGreaterThanOrEqual(1_000);
    const [design] = await db().select().from(roomDesigns).where(eq(roomDesigns.id, res.json<{ designId: string }>().designId));
    expect(design).toMatchObject({ status: 'done', creditState: 'committed', providerRequestId: 'req_fault_test', error: null });
    expect((await designResults(db(), design!.id)).generated).toHaveLength(2);
    expect(await creditsUsed(ctx.app, id)).toBe(3);
    await expectNoOrphans(ctx.app, () => localStorageKeys(ctx.config.DATA_DIR));
    await expectStillServing(ctx.app, cookie);
  });
});
