import sharp from 'sharp';
import { startTestHttpServer, type RecordedRequest, type ScriptedResponse } from '@rv/testing/test-http-server';
import { createTestApp } from '../test-app';
import { cleanFailureCheck, localStorageKeys, makeRoomPhoto, withoutRetryWaits } from './fault-fixtures';

/** The design of the remote engines: three attempts per engine call (two retries inside it). */
export const ATTEMPTS_PER_CALL = 3;
/** Each attempt is cut after this long in the fault tests. */
export const ATTEMPT_TIMEOUT_MS = 250;

/** How the stand-in answers a request. */
export type Answer = (request: RecordedRequest) => ScriptedResponse;

/** An images.edit answer with as many copies of `image` as the request asked for. */
export const imagesAnswer =
  (image: Buffer): Answer =>
  (request) => ({
    headers: { 'x-request-id': 'req_fault_test' },
    json: {
      created: 1_760_000_000,
      output_format: 'png',
      data: Array.from({ length: Number(request.form?.fields.find((f) => f.name === 'n')?.value ?? 1) }, () => ({
        b64_json: image.toString('base64'),
      })),
    },
  });

/** The room photo the engine fault tests send, and the images.edit answer that gives it back as a PNG. */
export async function roomPhotoAndItsAnswer(): Promise<{ room: Buffer; images: Answer }> {
  const room = await makeRoomPhoto();
  return { room, images: imagesAnswer(await sharp(room).png().toBuffer()) };
}

/** An OpenAI error answer. */
export const failingAnswer =
  (status: number, message: string, headers?: Record<string, string>): Answer =>
  () => ({ status, headers, json: { error: { message, type: 'server_error', param: null, code: null } } });

/**
 * The real app with the real OpenAI image engine pointed at a local stand-in for the service, which
 * answers however the test says at the moment (`answerWith`); each request's arrival time is kept.
 * The given queues keep their retry counts but retry at once. `expectCleanFailure` is cleanFailureCheck
 * on this app and its local storage.
 */
export async function appWithEngineStandIn(...queues: string[]) {
  return appWithEngineStandInAnd({}, ...queues);
}

/**
 * Each attempt's time-out in the Retry-After tests: long enough that nothing but the service's answer ends
 * an attempt. With the 250 ms one, a process held back by a busy machine could run the attempt's timer
 * before reading the 429 that had arrived: the attempt counted as timed out, no Retry-After was read,
 * and the retry followed the 10 ms backoff (seen once: 162 ms after a 'Retry-After: 1').
 */
export const PATIENT_ATTEMPT_TIMEOUT_MS = 60_000;

/** appWithEngineStandIn with more of the app's environment (`env`). */
export async function appWithEngineStandInAnd(env: Record<string, string>, ...queues: string[]) {
  return appWithEngineStandInTimed({ env }, ...queues);
}

/** appWithEngineStandIn with more of the app's environment (`env`) and each attempt cut after `timeoutMs`. */
export async function appWithEngineStandInTimed(
  { env = {}, timeoutMs = ATTEMPT_TIMEOUT_MS }: { env?: Record<string, string>; timeoutMs?: number },
  ...queues: string[]
) {
  const server = await startTestHttpServer();
  const arrivals: number[] = [];
  let answer: Answer = () => ({ hang: true });
  server.respond(
    ...Array.from({ length: 500 }, () => (request: RecordedRequest) => {
      arrivals.push(Date.now());
      return answer(request);
    }),
  );
  const ctx = await createTestApp(
    { IMAGE_ENGINE: 'openai', OPENAI_API_KEY: 'test-openai-key', ...env },
    { remoteEngines: { baseUrl: `${server.url}/v1`, timeoutMs, retryBaseMs: 10 } },
  );
  await withoutRetryWaits(ctx.app.services.jobs, ...queues);
  return {
    ctx,
    arrivals,
    answerWith(next: Answer) {
      answer = next;
    },
    engineCalls: () => server.requests.filter((r) => r.path === '/v1/images/edits').length,
    expectCleanFailure: cleanFailureCheck(
      () => ctx.app,
      () => localStorageKeys(ctx.config.DATA_DIR),
    ),
    async close() {
      await ctx.close();
      await server.close();
    },
  };
}
