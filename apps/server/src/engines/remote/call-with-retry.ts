import { setTimeout as sleep } from 'node:timers/promises';
import { EngineError } from '../image-engine';
import { timeoutError, type RemoteFailure, type ServiceName } from './service-errors';

/** How a remote call is bounded and retried. Every value can be made tiny in tests. */
export interface RetryPolicy {
  /** Time allowed for one attempt, answer included. */
  timeoutMs: number;
  /** Retries after the first attempt (0: one attempt only). */
  maxRetries: number;
  /** The first backoff delay; it doubles on each retry, with jitter. */
  retryBaseMs: number;
  /** The longest wait between attempts; a Retry-After longer than this ends the retries. */
  maxRetryDelayMs: number;
}

/** The options every remote engine takes. */
export interface RemoteEngineOptions {
  /** The service's key; absent for Gemini on Vertex AI, which uses application default credentials. */
  apiKey?: string;
  /** Gemini through Vertex AI in this Google Cloud project and location, instead of an API key. */
  vertex?: { project: string; location: string };
  model?: string;
  /** The service's base URL (tests point it at a local server). */
  baseUrl?: string;
  timeoutMs?: number;
  maxRetries?: number;
  retryBaseMs?: number;
  maxRetryDelayMs?: number;
  /** The largest request with inline images the service takes (Gemini; the documented limit by default, smaller in tests). */
  maxInlineRequestBytes?: number;
}

export function retryPolicyOf(options: RemoteEngineOptions, defaults: { timeoutMs: number }): RetryPolicy {
  return {
    timeoutMs: options.timeoutMs ?? defaults.timeoutMs,
    maxRetries: options.maxRetries ?? 2,
    retryBaseMs: options.retryBaseMs ?? 1_000,
    maxRetryDelayMs: options.maxRetryDelayMs ?? 30_000,
  };
}

export interface CallWithRetryOptions {
  service: ServiceName;
  policy: RetryPolicy;
  /** The caller's signal: when it aborts, the call stops at once and is not retried. */
  signal?: AbortSignal;
  /** Maps an SDK error to a failure the user can be told about; undefined for errors that are not the service's (bugs), which are rethrown. */
  classify: (error: unknown) => RemoteFailure | undefined;
  random?: () => number;
}

/**
 * Runs one remote call with a time limit per attempt, and retries the retryable failures (429, 5xx,
 * time-outs, lost connections) with exponential backoff and jitter, waiting at least as long as the
 * service asked (Retry-After). A refusal (other 4xx) is thrown at once.
 */
export async function callWithRetry<T>(attempt: (signal: AbortSignal) => Promise<T>, options: CallWithRetryOptions): Promise<T> {
  const { policy, signal, service } = options;
  const random = options.random ?? Math.random;
  for (let retry = 0; ; retry++) {
    signal?.throwIfAborted();
    let failure: RemoteFailure;
    try {
      return await attemptWithTimeout(attempt, policy.timeoutMs, signal);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (error instanceof AttemptTimedOut) failure = { error: timeoutError(service) };
      else if (error instanceof EngineError) failure = { error };
      else {
        const mapped = options.classify(error);
        if (!mapped) throw error;
        failure = mapped;
      }
    }
    if (!failure.error.retryable || retry >= policy.maxRetries) throw failure.error;
    if (failure.retryAfterMs !== undefined && failure.retryAfterMs > policy.maxRetryDelayMs) throw failure.error;
    await waitAtLeast(backoffDelay(retry, policy, failure.retryAfterMs, random), signal);
  }
}

/**
 * Waits `ms` by the wall clock the service counts in: a timer may fire a millisecond before it by
 * Date.now() (Node rounds its timers), so what is left is waited again. Stops at once on the caller's abort.
 */
async function waitAtLeast(ms: number, signal?: AbortSignal): Promise<void> {
  const until = Date.now() + ms;
  for (let left = ms; left > 0; left = until - Date.now()) {
    await sleep(left, undefined, { signal }).catch(() => {
      throw signal?.reason ?? new Error('aborted');
    });
  }
}

/** base · 2^retry, scaled by a random factor in [0.5, 1), never less than Retry-After, never more than the cap. */
export function backoffDelay(retry: number, policy: RetryPolicy, retryAfterMs: number | undefined, random: () => number): number {
  const backoff = policy.retryBaseMs * 2 ** retry * (0.5 + random() / 2);
  return Math.min(policy.maxRetryDelayMs, Math.max(backoff, retryAfterMs ?? 0));
}

class AttemptTimedOut extends Error {}

/** Gives the attempt a signal that aborts on time-out or on the caller's abort, and stops waiting for it either way. */
async function attemptWithTimeout<T>(attempt: (signal: AbortSignal) => Promise<T>, timeoutMs: number, signal?: AbortSignal): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  let stop: (error: unknown) => void = () => {};
  const stopped = new Promise<never>((_, reject) => (stop = reject));
  const timer = setTimeout(() => {
    timedOut = true;
    const error = new AttemptTimedOut(`no answer within ${timeoutMs} ms`);
    controller.abort(error);
    stop(error);
  }, timeoutMs);
  const onAbort = () => {
    controller.abort(signal?.reason);
    stop(signal?.reason);
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const running = attempt(controller.signal);
    running.catch(() => {}); // when the time-out wins the race, the attempt's own rejection is not news
    return await Promise.race([running, stopped]);
  } catch (error) {
    throw timedOut ? new AttemptTimedOut(`no answer within ${timeoutMs} ms`) : error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}
