import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EngineError, NO_IMAGE_MESSAGE, noImageError } from '../../engines/image-engine';
import { unavailableError } from '../../engines/remote/service-errors';
import { createLocalStorage } from '../../storage/local-storage';
import type { Storage } from '../../storage/storage';
import { noImageRetryKey } from './images/design-files';
import { withOneMoreImageTry } from './one-more-image-try';

const quietLog = { warn: () => {} } as never;

let root: string;
let storage: Storage;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'rv-one-more-'));
  storage = createLocalStorage(root);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** An engine call that answers from a script, counting its (paid) calls and what each was asked. */
function scripted(...outcomes: ('image' | EngineError)[]) {
  const asked: boolean[] = [];
  return {
    asked,
    call: async (retried: boolean) => {
      asked.push(retried);
      const outcome = outcomes[asked.length - 1] ?? noImageError();
      if (outcome instanceof EngineError) throw outcome;
      return outcome;
    },
  };
}

const KEY = noImageRetryKey('d1');
const services = () => ({ storage, log: quietLog });

describe('withOneMoreImageTry (ADR 034)', () => {
  it('an answer without an image gets one more attempt, asked as a retry, and its image is the answer', async () => {
    const engine = scripted(noImageError('finished NO_IMAGE without an image'), 'image');
    expect(await withOneMoreImageTry(services(), KEY, engine.call)).toBe('image');
    expect(engine.asked).toEqual([false, true]);
  });

  it('a second answer without an image ends it for good: not retryable, two paid calls in all', async () => {
    const engine = scripted(noImageError(), noImageError('finished IMAGE_OTHER without an image'));
    const error = await withOneMoreImageTry(services(), KEY, engine.call).catch((e: unknown) => e);
    expect(error).toMatchObject({
      message: NO_IMAGE_MESSAGE,
      retryable: false,
      kind: 'no-image',
      detail: 'finished IMAGE_OTHER without an image',
    });
    expect(engine.asked).toHaveLength(2);
  });

  it('the extra attempt is recorded: a retried or resumed job makes one call, and an answer without an image then ends it', async () => {
    const first = scripted(noImageError(), new EngineError('The image service is busy. Please try again in a minute.', true, 429));
    await expect(withOneMoreImageTry(services(), KEY, first.call)).rejects.toMatchObject({ retryable: true, status: 429 });
    expect(first.asked).toEqual([false, true]);

    // The job runs again (the busy answer was worth a retry): the record is found, one call, no third.
    const again = scripted(noImageError());
    await expect(withOneMoreImageTry(services(), KEY, again.call)).rejects.toMatchObject({ message: NO_IMAGE_MESSAGE, retryable: false });
    expect(again.asked).toEqual([true]);
  });

  it('each design and each task has its own record', async () => {
    await withOneMoreImageTry(services(), KEY, scripted(noImageError(), 'image').call);
    const task = scripted(noImageError(), 'image');
    expect(await withOneMoreImageTry(services(), noImageRetryKey('d1', 't1'), task.call)).toBe('image');
    expect(task.asked).toEqual([false, true]);
  });

  it('when the record cannot be written (the store is down), no extra attempt is made: it could not be counted', async () => {
    const down: Storage = { ...storage, put: () => Promise.reject(new Error('store down')) };
    const engine = scripted(noImageError(), 'image');
    const error = await withOneMoreImageTry({ storage: down, log: quietLog }, KEY, engine.call).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: NO_IMAGE_MESSAGE, retryable: false });
    expect(engine.asked).toEqual([false]);
  });

  it('any other failure passes through unchanged, with no extra attempt and no record', async () => {
    const refusal = unavailableError('image', 'API key not valid.', 400);
    const engine = scripted(refusal);
    expect(await withOneMoreImageTry(services(), KEY, engine.call).catch((e: unknown) => e)).toBe(refusal);
    expect(engine.asked).toEqual([false]);
    expect(await storage.get(KEY)).toBeNull();
  });
});
