import { describe, expect, test } from 'vitest';
import { EngineError } from '../image-engine';
import { backoffDelay, callWithRetry, type RetryPolicy } from './call-with-retry';
import { busyError, refusedError } from './service-errors';

const policy: RetryPolicy = { timeoutMs: 1_000, maxRetries: 2, retryBaseMs: 1, maxRetryDelayMs: 1_000 };
const classify = () => undefined;

describe('backoffDelay', () => {
  const slow = { ...policy, retryBaseMs: 1_000, maxRetryDelayMs: 30_000 };
  test('doubles on each retry, scaled by jitter in [0.5, 1)', () => {
    expect([0, 1, 2].map((retry) => backoffDelay(retry, slow, undefined, () => 0))).toEqual([500, 1_000, 2_000]);
    expect([0, 1, 2].map((retry) => backoffDelay(retry, slow, undefined, () => 0.999))).toEqual([999.5, 1_999, 3_998]);
  });
  test('waits at least the Retry-After, and never more than the cap', () => {
    expect(backoffDelay(0, slow, 7_000, () => 0)).toBe(7_000);
    expect(backoffDelay(10, slow, undefined, () => 0.5)).toBe(30_000);
  });
});

describe('callWithRetry', () => {
  test('retries a retryable failure and returns the first success', async () => {
    let calls = 0;
    const result = await callWithRetry(
      async () => {
        calls++;
        if (calls < 3) throw busyError('image', 429);
        return 'done';
      },
      { service: 'image', policy, classify },
    );
    expect([result, calls]).toEqual(['done', 3]);
  });

  test('each retry comes no sooner than the Retry-After by the wall clock, counted from the answer that asked it', async () => {
    const answered: number[] = [];
    const attempted: number[] = [];
    const asked = 45;
    const result = await callWithRetry(
      async () => {
        attempted.push(Date.now());
        if (attempted.length <= 4) {
          answered.push(Date.now());
          throw new Error('429');
        }
        return 'done';
      },
      {
        service: 'image',
        policy: { ...policy, maxRetries: 4 },
        classify: () => ({ error: busyError('image', 429), retryAfterMs: asked }),
        random: () => 0,
      },
    );
    expect(result).toBe('done');
    // Timers round to the millisecond and may fire one early by Date.now(); the wait is counted by Date.now().
    for (let retry = 1; retry < attempted.length; retry++) expect(attempted[retry]! - answered[retry - 1]!).toBeGreaterThanOrEqual(asked);
  });

  test('does not retry a refusal', async () => {
    let calls = 0;
    const attempt = async () => {
      calls++;
      throw refusedError('image', 'no', 400);
    };
    await expect(callWithRetry(attempt, { service: 'image', policy, classify })).rejects.toThrow(
      'The image service refused the request. Please try different photos or words.',
    );
    expect(calls).toBe(1);
  });

  test('rethrows an error that is not the service’s unchanged (a bug is not a busy service)', async () => {
    const bug = new RangeError('bug');
    await expect(callWithRetry(() => Promise.reject(bug), { service: 'image', policy, classify })).rejects.toBe(bug);
  });

  test('an attempt that ignores its signal still ends at the time-out', async () => {
    let calls = 0;
    const never = () => {
      calls++;
      return new Promise<never>(() => {});
    };
    const error = await callWithRetry(never, { service: 'analysis', policy: { ...policy, timeoutMs: 30, maxRetries: 1 }, classify }).catch(
      (e: unknown) => e,
    );
    expect(error).toEqual(new EngineError('The analysis service did not answer in time.', true));
    expect(calls).toBe(2);
  });

  test('the attempt signal aborts at the time-out', async () => {
    let seen: AbortSignal | undefined;
    await callWithRetry(
      (signal) => {
        seen = signal;
        return new Promise<never>(() => {});
      },
      { service: 'image', policy: { ...policy, timeoutMs: 20, maxRetries: 0 }, classify },
    ).catch(() => {});
    expect(seen?.aborted).toBe(true);
  });

  test("the caller's abort during the backoff wait ends the call with the caller's reason", async () => {
    const controller = new AbortController();
    let calls = 0;
    const attempt = async () => {
      calls++;
      setTimeout(() => controller.abort(new Error('stop')), 10);
      throw busyError('image', 429);
    };
    const error = await callWithRetry(attempt, {
      service: 'image',
      policy: { ...policy, retryBaseMs: 5_000, maxRetryDelayMs: 10_000 },
      signal: controller.signal,
      classify,
    }).catch((e: unknown) => e);
    expect(error).toEqual(new Error('stop'));
    expect(calls).toBe(1);
  });
});
