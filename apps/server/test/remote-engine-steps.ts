import { expect } from 'vitest';
import { makeImage, makeRedesignInput, testBrief } from './engine-fixtures';
import type { TestHttpServer } from '@rv/testing/test-http-server';
import { EngineError, type ImageEngine } from '../src/engines/image-engine';
import type { VisionEngine } from '../src/engines/vision-engine';

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

/** The items a vision engine lists on a 16 × 12 result image with the test brief. */
export async function listItemsOfTestImage(engine: Pick<VisionEngine, 'listItems'>) {
  return engine.listItems({ image: await makeImage(16, 12), brief: testBrief });
}

/** The style analysis a vision engine makes of one 8 × 8 photo. */
export async function styleOfOnePhoto(engine: Pick<VisionEngine, 'analyzeStyle'>) {
  return engine.analyzeStyle({ photos: [await makeImage(8, 8)] });
}

/** The style analysis of one photo fails as incomplete (not retryable) after two requests to the stand-in service, no third. */
export async function expectStyleIncompleteAfterTwoRequests(server: TestHttpServer, engine: Pick<VisionEngine, 'analyzeStyle'>) {
  const error = await styleOfOnePhoto(engine).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(EngineError);
  expect(error).toMatchObject({ message: 'The style analysis came back incomplete. Please try again.', retryable: false });
  expect(server.requests).toHaveLength(2);
}
