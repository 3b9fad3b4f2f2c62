import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { z } from 'zod';
import { engineCalls, roomDesigns } from '../../src/db/schema';
import { startTestHttpServer, type RecordedRequest, type ScriptedResponse, type TestHttpServer } from '@rv/testing/test-http-server';
import { GENERATE_DESIGN_QUEUE } from '../../src/jobs/generate-design-job';
import { signInNewUser } from '../fixtures';
import { makeItemPhoto } from '../images';
import { createTestApp } from '../test-app';
import { cleanFailureCheck, localStorageKeys, makeRoomPhoto, postDesign, withoutRetryWaits } from './fault-fixtures';

export type Answer = (request: RecordedRequest) => ScriptedResponse;

export const BLOCKED = 'The image service declined this request for safety reasons. Please try a different photo or description.';
export const UNAVAILABLE = 'The image service is not available right now. Please try again later.';
export const REFUSED = 'The image service refused the request. Please try different photos or words.';
export const INCOMPLETE_ANALYSIS = 'The design analysis came back incomplete. Please try again.';
export const CREDIT_BACK = 'Your credit has been returned.';

/** One line the app logged, as pino writes it (a line logged without a message has no `msg`). */
const logLine = z.looseObject({ level: z.number(), msg: z.string().optional() });
export type LogLine = z.infer<typeof logLine>;

/**
 * The real app with the real hosted engines pointed at a local stand-in that answers as the test says
 * (`answerWith`), generation retried at once; every line the app logs (info and up) is kept in `logLines`.
 */
export async function standIn(env: Record<string, string>) {
  const server: TestHttpServer = await startTestHttpServer();
  let answer: Answer = () => ({ hang: true });
  server.respond(...Array.from({ length: 200 }, () => (request: RecordedRequest) => answer(request)));
  const logText: string[] = [];
  const ctx = await createTestApp(
    { LOG_LEVEL: 'info', ...env },
    {
      remoteEngines: { baseUrl: env.IMAGE_ENGINE === 'openai' ? `${server.url}/v1` : server.url, retryBaseMs: 5, timeoutMs: 2_000 },
      logStream: { write: (line: string) => void logText.push(line) },
    },
  );
  await withoutRetryWaits(ctx.app.services.jobs, GENERATE_DESIGN_QUEUE);
  return {
    ctx,
    server,
    /** The raw lines (what an operator's log store receives). */
    logText,
    logLines: () => logText.map((line) => logLine.parse(JSON.parse(line))),
    answerWith(next: Answer) {
      answer = next;
    },
    async close() {
      await ctx.close();
      await server.close();
    },
  };
}

export type StandIn = Awaited<ReturnType<typeof standIn>>;

/**
 * Posts a design that the stand-in answers with `answer`; checks the user's message, the calls made, the
 * refund and the recorded cause. Answers the design's id.
 */
export async function expectFailure(
  engine: StandIn,
  answer: Answer,
  expected: { message: string; requests: number; cause: string; path: RegExp; only?: (request: RecordedRequest) => boolean },
): Promise<string> {
  const counted = (request: RecordedRequest) => expected.path.test(request.path) && (expected.only?.(request) ?? true);
  const { ctx } = engine;
  const db = ctx.app.services.database.db;
  const { id, cookie } = await signInNewUser(ctx.app, db, { transformationsUsed: 2 });
  engine.answerWith(answer);
  const before = engine.server.requests.filter(counted).length;

  const res = await postDesign(ctx.app, cookie, await makeRoomPhoto(), await makeItemPhoto());

  expect(res.statusCode).toBe(502);
  const { designId, error } = res.json<{ designId: string; error: string }>();
  expect(error).toBe(`${expected.message} ${CREDIT_BACK}`);
  if (expected.cause !== expected.message) expect(error).not.toContain(expected.cause);
  expect(engine.server.requests.filter(counted).length - before).toBe(expected.requests);
  const [design] = await db.select().from(roomDesigns).where(eq(roomDesigns.id, designId));
  expect(design).toMatchObject({ status: 'failed', creditState: 'refunded', error });
  await cleanFailureCheck(
    () => ctx.app,
    () => localStorageKeys(ctx.config.DATA_DIR),
  )(id, cookie, 2);
  // The cause, in the service's own words, is kept for the admin view (saved just after the call). Other
  // calls of the design may have failed too (the items are listed while the analysis is asked), in any order.
  await expect
    .poll(async () =>
      (await db.select().from(engineCalls).where(eq(engineCalls.designId, designId))).filter((call) => !call.ok).map((call) => call.cause),
    )
    .toContainEqual(expect.stringContaining(expected.cause));
  return designId;
}
