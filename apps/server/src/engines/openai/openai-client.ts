import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { callWithRetry, retryPolicyOf, type RemoteEngineOptions } from '../remote/call-with-retry';
import {
  failureFromStatus,
  parseRetryAfter,
  timeoutError,
  unreachableError,
  type RemoteFailure,
  type ServiceName,
} from '../remote/service-errors';

export interface OpenAiCaller {
  client: OpenAI;
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
  const client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseUrl, maxRetries: 0, timeout: policy.timeoutMs });
  return {
    client,
    model: options.model ?? defaults.model,
    call: (run, signal) =>
      callWithRetry((attemptSignal) => run(client, { signal: attemptSignal, timeout: policy.timeoutMs }), {
        service: defaults.service,
        policy,
        signal,
        classify: (error) => classifyOpenAiError(defaults.service, error),
      }),
  };
}

/** APIError carries the status, the response headers and the error body's message. */
export function classifyOpenAiError(service: ServiceName, error: unknown): RemoteFailure | undefined {
  if (error instanceof APIConnectionTimeoutError) return { error: timeoutError(service) };
  if (error instanceof APIConnectionError) return { error: unreachableError(service) };
  if (error instanceof APIError && typeof error.status === 'number') {
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
