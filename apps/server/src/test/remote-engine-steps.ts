import { expect } from 'vitest';
import { makeRedesignInput } from '@rv/testing/engine-fixtures';
import type { TestHttpServer } from '@rv/testing/test-http-server';
import { EngineError, type ImageEngine } from '../engines/image-engine';

/** What a redesign of the standard input (makeRedesignInput) fails with; its result, should it not fail, so the test's expectations fail on that. */
export async function redesignFailure(engine: Pick<ImageEngine, 'redesign'>): Promise<unknown> {
  return engine.redesign(await makeRedesignInput(), { requestKey: 'k' }).catch((e: unknown) => e);
}

/**
 * The stand-in service hangs on both attempts of an engine made with a 150 ms time-out and one retry:
 * the redesign is retried once, then fails as "did not answer in time" (retryable), well within 2 s.
 */
export async function expectHangsCutAtTimeOut(server: TestHttpServer, engineWith150msTimeOutAndOneRetry: Pick<ImageEngine, 'redesign'>) {
  server.respond({ hang: true }, { hang: true });
  const started = Date.now();
  const error = await redesignFailure(engineWith150msTimeOutAndOneRetry);
  expect(error).toBeInstanceOf(EngineError);
  expect(error).toMatchObject({ message: 'The image service did not answer in time.', retryable: true });
  expect(server.requests).toHaveLength(2);
  expect(Date.now() - started).toBeLessThan(2_000);
}

