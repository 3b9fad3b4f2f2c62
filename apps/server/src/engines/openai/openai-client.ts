import type OpenAI from 'openai';
import type * as OpenAiSdkModule from 'openai';
import { loadOnce } from '../../lib/load-once';
import { callWithRetry, retryPolicyOf, type RemoteEngineOptions } from '../remote/call-with-retry';
import {
  failureFromStatus,
  parseRetryAfter,
  timeoutError,
  unreachableError,
  type RemoteFailure,
  type ServiceName,
} from '../remote/service-errors';

export type OpenAiSdk = typeof OpenAiSdkModule;

/** The SDK, imported at the first OpenAI call (see load-once.ts). */
export const loadOpenAiSdk = loadOnce(() => import('openai'));

export interface OpenAiCaller {
  model: string;
  /** Runs one SDK call, bounded and retried by the policy; the caller's signal stops it. */
  call<T>(
    run: (client: OpenAI, request: { signal: AbortSignal; timeout: number }) => Promise<T>,
    signal: AbortSignal | undefined,
  ): Promise<T>;
}

export function createOpenAiCaller(
  options: RemoteEngineOptions,
  defaults: { model: string; timeoutMs: number; service: ServiceName },
): OpenAiCaller {
  const policy = retryPolicyOf(options, defaults);
  // maxRetries 0: the SDK's own retries (0.5 s base, not settable) would multiply ours; callWithRetry
  // retries with the policy's attempts, backoff and Retry-After instead.
  const client = loadOnce(async () => {
    const sdk = await loadOpenAiSdk();
    return new sdk.default({ apiKey: options.apiKey, baseURL: options.baseUrl, maxRetries: 0, timeout: policy.timeoutMs });
  });
  return {
    model: options.model ?? defaults.model,
    async call(run, signal) {
      const [sdk, openai] = await Promise.all([loadOpenAiSdk(), client()]);
      return callWithRetry((attemptSignal) => run(openai, { signal: attemptSignal, timeout: policy.timeoutMs }), {
        service: defaults.service,
        policy,
        signal,
        classify: (error) => classifyOpenAiError(sdk, defaults.service, error),
      });
    },
  };
}

/** APIError carries the status, the response headers and the error body's message. */
export function classifyOpenAiError(sdk: OpenAiSdk, service: ServiceName, error: unknown): RemoteFailure | undefined {
  if (error instanceof sdk.APIConnectionTimeoutError) return { error: timeoutError(service) };
  if (error instanceof sdk.APIConnectionError) return { error: unreachableError(service) };
  if (error instanceof sdk.APIError && typeof error.status === 'number') {
    const reason = (error.error as { message?: unknown } | undefined)?.message;
    return failureFromStatus(
      service,
      error.status,
      typeof reason === 'string' ? reason : error.message,
      parseRetryAfter(error.headers),
      typeof error.code === 'string' ? error.code : undefined,
    );
  }
  return undefined;
}
