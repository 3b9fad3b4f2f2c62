import { messages } from '@rv/contracts/messages';

/** The spec's request helper: any failure raises an error of the form 'status: body'. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly body: string,
  ) {
    super(`${status}: ${body}`);
    this.name = 'ApiError';
  }

  /** The server's own words ("error" or "message" of a JSON body), else the raw text. */
  get userMessage(): string {
    try {
      const parsed = JSON.parse(this.body) as { error?: string; message?: string };
      return parsed.error ?? parsed.message ?? this.body;
    } catch {
      return this.body;
    }
  }
}

type UnauthorizedHandler = (message: string) => void;
let onUnauthorized: UnauthorizedHandler = () => window.location.assign('/login');

/** The app shell registers what a 401 does: go to /login with 'Please log in to access your account'. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  onUnauthorized = handler;
}

export interface RequestOptions extends Omit<RequestInit, 'body'> {
  json?: unknown;
  body?: BodyInit;
  timeoutMs?: number;
  /** Some calls (the sign-in ones) answer 401 as part of their flow and handle it themselves. */
  skipUnauthorizedRedirect?: boolean;
}

export async function request<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const { json, timeoutMs, skipUnauthorizedRedirect, headers, ...init } = options;
  const signal = timeoutMs ? AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(init.signal ? [init.signal] : [])]) : init.signal;
  const response = await fetch(url, {
    credentials: 'same-origin',
    ...init,
    signal,
    headers: { ...(json !== undefined ? { 'content-type': 'application/json' } : {}), accept: 'application/json', ...headers },
    body: json !== undefined ? JSON.stringify(json) : init.body,
  });
  const text = await response.text();
  if (!response.ok) {
    if (response.status === 401 && !skipUnauthorizedRedirect) onUnauthorized(messages.auth.pleaseLogIn);
    throw new ApiError(response.status, text);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The message to show a person for any error thrown by `request`. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.userMessage || fallback;
  if (error instanceof DOMException && error.name === 'TimeoutError') return 'The request took too long. Please try again.';
  return fallback;
}
