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

/** The service would not do this request (a 4xx): not retried; its reason is kept for the log and the admin view, never shown. */
export function refusedError(service: ServiceName, reason: string, status?: number): EngineError {
  return new EngineError(
    `The ${service} service refused the request. Please try different photos or words.`,
    false,
    status,
    cleanReason(reason),
  );
}

/** A safety system blocked the request or its answer (no image came back): not retried. */
export function blockedError(service: ServiceName, reason: string, status?: number): EngineError {
  return new EngineError(
    `The ${service} service declined this request for safety reasons. Please try a different photo or description.`,
    false,
    status,
    cleanReason(reason),
  );
}

/**
 * The service cannot serve us at all (a bad key, a retired model, billing quota used up, billing not
 * enabled, an unsupported region): a configuration error (ADR 034). Retrying cannot help, the operator
 * must act; the user is told the service is not available.
 */
export function unavailableError(service: ServiceName, reason: string, status?: number): EngineError {
  return new EngineError(
    `The ${service} service is not available right now. Please try again later.`,
    false,
    status,
    cleanReason(reason),
    'configuration',
  );
}

/** Error codes the providers put in a 4xx body that say more than its status. */
const QUOTA_CODES = new Set(['insufficient_quota', 'billing_hard_limit_reached']);
/** The words both providers use when the account's quota or billing is used up (not a per-minute rate limit, whose text says "check quota"). */
const BILLING_QUOTA = /exceeded your current quota|billing/i;
const BLOCKED_CODES = new Set(['moderation_blocked', 'content_policy_violation']);
/**
 * Codes that say the key or the account cannot be served whatever the status (Gemini answers a bad key
 * with 400 INVALID_ARGUMENT and the ErrorInfo reason API_KEY_INVALID; an expired one API_KEY_EXPIRED).
 */
const UNAVAILABLE_CODES = new Set([
  'API_KEY_INVALID',
  'API_KEY_EXPIRED',
  'API_KEY_SERVICE_BLOCKED',
  'invalid_api_key',
  // Gemini's 400 FAILED_PRECONDITION: "User location is not supported for the API use", "… enable billing
  // on your project": the operator's set-up, not the user's photos (ADR 034).
  'FAILED_PRECONDITION',
]);

/**
 * 429 and 503 are "busy" (retried), unless a 429 says the billing quota is used up (OpenAI's
 * insufficient_quota, or no Retry-After and "exceeded your current quota" / billing): that is "not available", like 401, 403
 * and 404 (a bad key, a retired or unknown model) or a bad key's code in any 4xx (Gemini's 400 API_KEY_INVALID,
 * or its 400 FAILED_PRECONDITION: an unsupported region, billing not enabled). 408 and 504 "did not answer in time", other 5xx
 * "had a problem"; a moderation code is a safety block; any other 4xx is a refusal.
 */
export function failureFromStatus(
  service: ServiceName,
  status: number,
  reason: string,
  retryAfterMs?: number,
  codes?: string | readonly (string | undefined)[],
): RemoteFailure {
  const all = (Array.isArray(codes) ? codes : [codes]).filter((code): code is string => typeof code === 'string');
  const has = (set: ReadonlySet<string>) => all.some((code) => set.has(code));
  if (status === 429 && (has(QUOTA_CODES) || (retryAfterMs === undefined && BILLING_QUOTA.test(reason))))
    return { error: unavailableError(service, reason, status) };
  if (status === 429 || status === 503) return { error: busyError(service, status), retryAfterMs };
  if (status === 408 || status === 504) return { error: timeoutError(service, status), retryAfterMs };
  if (status >= 500) return { error: troubleError(service, status), retryAfterMs };
  if (status === 401 || status === 403 || status === 404 || has(UNAVAILABLE_CODES))
    return { error: unavailableError(service, reason, status) };
  if (has(BLOCKED_CODES)) return { error: blockedError(service, reason, status) };
  return { error: refusedError(service, reason, status) };
}

/**
 * A key, or a masked fragment of one, as providers quote it in their errors: OpenAI's "Incorrect API key
 * provided: sk-ab****wxyz" (sk-, sk-proj-, sk-svcacct-…, with its asterisks) and Google's API keys (AIza…).
 */
const KEY_FRAGMENT = /(?<![\w-])(?:sk-|AIza)[\w*-]*/g;

/** A provider's text with every key fragment taken out: it goes to the log and the engine_calls rows (docs/security.md). */
export function redactKeys(text: string): string {
  return text.replace(KEY_FRAGMENT, '[key redacted]');
}

/** One line, no longer than 300 characters, no key fragment: a provider's reason as the log and the admin view keep it. */
export function cleanReason(reason: string): string {
  const line = redactKeys(reason).replace(/\s+/g, ' ').trim();
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
