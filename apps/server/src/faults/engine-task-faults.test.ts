import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designTasks, roomDesigns } from '../db/schema';
import { startTestHttpServer, type RecordedRequest, type ScriptedResponse, type TestHttpServer } from '../engines/remote/test-http-server';
import { DESIGN_TASK_QUEUE } from '../jobs/design-task-job';
import { signInNewUser } from '../test/fixtures';
import { createTestApp, TEST_ORIGIN } from '../test/test-app';
import {
  creditsUsed,
  expectNoOrphans,
  expectStillServing,
  localStorageKeys,
  makeRoomPhoto,
  postDesign,
  withoutRetryWaits,
} from './fault-fixtures';

/**
 * Refinement and Fix Room with the real OpenAI image engine, through the real app, against a local
 * stand-in for the service that answers 500 or never answers. These cost no credit.
 */

/** The design: three attempts per engine call (two retries inside the call), three runs of the job. */
const ATTEMPTS_PER_CALL = 3;
const JOB_RUNS = 3;
const ATTEMPT_TIMEOUT_MS = 250;

describe('faults: the image engine fails a refinement or Fix Room', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let server: TestHttpServer;
  let room: Buffer;
  let answerImage: Buffer;
  /** How the stand-in answers the next request. */
  let answer: (request: RecordedRequest) => ScriptedResponse;

  beforeAll(async () => {
    server = await startTestHttpServer();
    server.respond(...Array.from({ length: 500 }, () => (request: RecordedRequest) => answer(request)));
    ctx = await createTestApp(
      { IMAGE_ENGINE: 'openai', OPENAI_API_KEY: 'test-openai-key' },
      { remoteEngines: { baseUrl: `${server.url}/v1`, timeoutMs: ATTEMPT_TIMEOUT_MS, retryBaseMs: 10 } },
    );
    await withoutRetryWaits(ctx.app.services.jobs, DESIGN_TASK_QUEUE);
    room = await makeRoomPhoto();
    answerImage = await sharp(room).png().toBuffer();
  });
  afterAll(async () => {
    await ctx?.close();
    await server?.close();
  });

  const db = () => ctx.app.services.database.db;
  const engineCalls = () => server.requests.filter((r) => r.path === '/v1/images/edits').length;

  /** An images.edit answer with as many images as asked for. */
  const images = (request: RecordedRequest): ScriptedResponse => ({
    headers: { 'x-request-id': 'req_fault_test' },
    json: {
      created: 1_760_000_000,
      output_format: 'png',
      data: Array.from({ length: Number(request.form?.fields.find((f) => f.name === 'n')?.value ?? 1) }, () => ({
        b64_json: answerImage.toString('base64'),
      })),
    },
  });
  const failing = (status: number, message: string) => (): ScriptedResponse => ({
    status,
    json: { error: { message, type: 'server_error', param: null, code: null } },
  });

  /** The checks every fault ends with: no credit taken, no stray files, the app still answering. */
  async function expectCleanFailure(userId: string, cookie: string, usedBefore: number) {
    expect(await creditsUsed(ctx.app, userId)).toBe(usedBefore);
    await expectNoOrphans(ctx.app, localStorageKeys(ctx.config.DATA_DIR));
    await expectStillServing(ctx.app, cookie);
  }

  async function makeDoneDesign(cookie: string): Promise<string> {
    answer = images;
    const res = await postDesign(ctx.app, cookie, room);
    expect(res.statusCode).toBe(200);
    return res.json<{ designId: string }>().designId;
  }

  it('a refinement while the service answers 500: retried as designed, the stream ends with an error, nothing charged or left', async () => {
    const { id, cookie } = await signInNewUser(ctx.app, db());
    const designId = await makeDoneDesign(cookie);
    const [done] = await db().select().from(roomDesigns).where(eq(roomDesigns.id, designId));
    answer = failing(500, 'The server had an error while processing your request.');
    const before = engineCalls();

    const stream = await ctx.app.inject({
      method: 'GET',
      url: `/api/room-design/refine/${designId}?tweak=tweak&feedback=${encodeURIComponent('make the sofa navy')}`,
      headers: { cookie, origin: TEST_ORIGIN },
    });

    const events = [...stream.body.matchAll(/event: (\w+)\ndata: (.*)\n/g)].map((m) => ({ event: m[1], data: JSON.parse(m[2]!) }));
    expect(events[0]?.event).toBe('start');
    expect(events.at(-1)).toEqual({ event: 'error', data: { details: 'The image service had a problem. Please try again in a minute.' } });
    expect(engineCalls() - before).toBe(ATTEMPTS_PER_CALL * JOB_RUNS);
    const [task] = await db().select().from(designTasks).where(eq(designTasks.designId, designId));
    expect(task).toMatchObject({ status: 'failed', resultKeys: [] });
    const [after] = await db().select().from(roomDesigns).where(eq(roomDesigns.id, designId));
    expect(after).toMatchObject({ status: 'done', refined: [], generated: done!.generated });
    await expectCleanFailure(id, cookie, 1);
  });

  it('Fix Room while the service never answers: the call fails as timed out, the design keeps its results, nothing left', async () => {
    const { id, cookie } = await signInNewUser(ctx.app, db());
    const designId = await makeDoneDesign(cookie);
    const [done] = await db().select().from(roomDesigns).where(eq(roomDesigns.id, designId));
    answer = () => ({ hang: true });
    const before = engineCalls();

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/room-design/fix-room',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { designId },
    });

    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: 'The image service did not answer in time.', code: 'BAD_GATEWAY' });
    expect(engineCalls() - before).toBe(ATTEMPTS_PER_CALL * JOB_RUNS);
    const [after] = await db().select().from(roomDesigns).where(eq(roomDesigns.id, designId));
    expect(after!.generated).toEqual(done!.generated);
    await expectCleanFailure(id, cookie, 1);

    // The service is back: the next Fix Room works.
    answer = images;
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/room-design/fix-room',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { designId },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ generatedImageUrls: string[] }>().generatedImageUrls).toHaveLength(3);
  });
});
