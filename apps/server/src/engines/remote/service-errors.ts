import { EngineError } from '../image-engine';

/** Which outside service failed, as the user reads it: "The image service …" / "The analysis service …". */
export type ServiceName = 'image' | 'analysis';

/** A failed call, mapped to the error the user can be told about, and how long the service asked us to wait. */
export interface RemoteFailure {
  error: EngineError;
  retryAfterMs?: number;
}

export function busyError(service: ServiceName, status?: number): EngineError {
  return new EngineError(`The ${service} service is busy. Please try again in a minute.`, true, status);
}

export function timeoutError(service: ServiceName, status?: number): EngineError {
  return new EngineError(`The ${service} service did not answer in time.`, true, status);
}

export function troubleError(service: ServiceName, status?: number): EngineError {
  return new EngineError(`The ${service} service had a problem. Please try again in a minute.`, true, status);
}

export function unreachableError(service: ServiceName): EngineError {
  return new EngineError(`The ${service} service could not be reached. Please try again in a minute.`, true);
}

export function refusedError(service: ServiceName, reason: string, status?: number): EngineError {
  return new EngineError(`The ${service} service refused the request: ${cleanReason(reason)}`, false, status);
}

/** 429 and 503 are "busy", 408 and 504 "did not answer in time", other 5xx "had a problem"; any other 4xx is a refusal. */
export function failureFromStatus(service: ServiceName, status: number, reason: string, retryAfterMs?: number): RemoteFailure {
  if (status === 429 || status === 503) return { error: busyError(service, status), retryAfterMs };
  if (status === 408 || status === 504) return { error: timeoutError(service, status), retryAfterMs };
  if (status >= 500) return { error: troubleError(service, status), retryAfterMs };
  return { error: refusedError(service, reason, status) };
}

/** One line, no longer than 300 characters: a provider's reason is shown to the user. */
export function cleanReason(reason: string): string {
  const line = reason.replace(/\s+/g, ' ').trim();
  if (!line) return 'no reason was given.';
  return line.length > 300 ? `${line.slice(0, 297)}...` : line;
}

/**
 * How long to wait, from the standard Retry-After header (seconds or an HTTP date) or the
 * non-standard retry-after-ms header some providers send. Undefined when absent or unreadable.
 */
export function parseRetryAfter(headers: { get(name: string): string | null } | undefined, now = Date.now()): number | undefined {
  const millis = headers?.get('retry-after-ms');
  if (millis && Number.isFinite(Number(millis))) return Math.max(0, Number(millis));
  const value = headers?.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** A fetch failure below HTTP (refused connection, reset, DNS): undici's "fetch failed" TypeError. */
export function isNetworkError(error: unknown): boolean {
  return (
    error instanceof TypeError && /fetch failed|network|socket|ECONN|ENOTFOUND|EAI_AGAIN/i.test(`${error.message} ${String(error.cause)}`)
  );
}
