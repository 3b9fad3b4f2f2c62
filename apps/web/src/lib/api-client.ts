import type { z } from 'zod';
import { PLEASE_LOG_IN } from '@rv/contracts/log-in-notice';
import type { AnswerOf, HttpMethod, RouteEntry } from '@rv/contracts/routes/route-entry';
import { toFormData, type MultipartInput, type MultipartSpec } from '@rv/contracts/multipart';
import type { RouteName, Routes } from '@rv/contracts/routes/routes';
// The calls' methods and paths without their schemas: zod stays out of the first page's scripts.
import { routeTable } from '@rv/contracts/route-table';
import { serverWords } from './first-script-json';

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
    const words = serverWords(this.body);
    return words.error ?? words.message ?? this.body;
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

/** Sends one request; any failure raises an ApiError ('status: body'), and a 401 goes to the log-in page. */
async function send(url: string, options: RequestOptions = {}): Promise<Response> {
  const { json, timeoutMs, skipUnauthorizedRedirect, headers, ...init } = options;
  const signal = timeoutMs ? AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(init.signal ? [init.signal] : [])]) : init.signal;
  const response = await fetch(url, {
    credentials: 'same-origin',
    ...init,
    signal,
    headers: { ...(json !== undefined ? { 'content-type': 'application/json' } : {}), accept: 'application/json', ...headers },
    body: json !== undefined ? JSON.stringify(json) : init.body,
  });
  if (!response.ok) {
    const text = await response.text();
    if (response.status === 401 && !skipUnauthorizedRedirect) onUnauthorized(PLEASE_LOG_IN);
    throw new ApiError(response.status, text);
  }
  return response;
}

async function request(url: string, options: RequestOptions = {}): Promise<unknown> {
  const text = await (await send(url, options)).text();
  return text ? JSON.parse(text) : undefined;
}

/** The message to show a person for any error thrown by `request`. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.userMessage || fallback;
  if (error instanceof DOMException && error.name === 'TimeoutError') return 'The request took too long. Please try again.';
  return fallback;
}

type InputOf<Schema> = Schema extends z.ZodType ? z.input<Schema> : never;

/** Where a call goes, from its catalogue entry: its path params and its query. */
export type AddressInput<Entry extends RouteEntry> = (Entry['params'] extends z.ZodType
  ? { params: InputOf<Entry['params']> }
  : { params?: never }) &
  (Entry['query'] extends z.ZodType ? { query: InputOf<Entry['query']> } : { query?: never });

/** What a call sends, from its catalogue entry: path params, query, and a JSON body or a multipart form. */
export type CallInput<Entry extends RouteEntry> = AddressInput<Entry> &
  (Entry['body'] extends z.ZodType ? { body: InputOf<Entry['body']> } : { body?: never }) &
  (Entry['multipart'] extends MultipartSpec ? { form: MultipartInput<Entry['multipart']> } : { form?: never });

export type CallOptions = Pick<RequestOptions, 'signal' | 'timeoutMs' | 'skipUnauthorizedRedirect'>;

/** The successful answer of a catalogue entry (its 200 or 201). */
export type CallAnswer<Name extends RouteName> = AnswerOf<Routes[Name]>;

type OptionalIfEmpty<Input> = object extends Input ? [input?: Input] : [input: Input];

interface SentInput {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
  form?: Record<string, unknown>;
}

function urlFor(entry: { path: string }, input: SentInput): string {
  const params = input.params ?? {};
  const path = entry.path
    .replace(/:([A-Za-z_]+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''))
    // A wildcard (a storage key): each of its segments encoded, its slashes kept.
    .replace(/\*$/, () => (params['*'] ?? '').split('/').map(encodeURIComponent).join('/'));
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {})) if (value !== undefined && value !== null) query.set(key, String(value));
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** The URL of a call (its path with the params filled in, and its query), for links and downloads the browser navigates to. */
export function urlOf<Name extends RouteName>(name: Name, ...input: OptionalIfEmpty<AddressInput<Routes[Name]>>): string;
export function urlOf(name: RouteName, input?: SentInput): string {
  return urlFor(routeTable[name], input ?? {});
}

/**
 * The one way the web app calls the API: by the call's name in the catalogue (packages/contracts/src/routes).
 * Params, query and body are typed from the entry, and so is the answer: the server answers with the
 * same schemas (its response serializer validates them), so the JSON it sends is the entry's answer.
 * Any failure raises an ApiError ('status: body'), with the server's own message.
 */
export function call<Name extends RouteName>(
  name: Name,
  ...args: [...OptionalIfEmpty<CallInput<Routes[Name]>>, options?: CallOptions]
): Promise<CallAnswer<Name>>;
export function call(name: RouteName, input: SentInput = {}, options: CallOptions = {}): Promise<unknown> {
  const entry: { method: HttpMethod; path: string } = routeTable[name];
  return request(urlFor(entry, input), {
    ...options,
    method: entry.method,
    ...(input.form ? { body: toFormData(input.form) } : entry.method !== 'GET' ? { json: input.body ?? {} } : {}),
  });
}

/** The calls that answer a file or a stream rather than JSON (`raw` in the catalogue). */
export type RawRouteName = { [Name in RouteName]: Routes[Name] extends { raw: true } ? Name : never }[RouteName];

/** A raw call's answer as a file: the name the server gave it (Content-Disposition), and its bytes when read. */
export interface FileAnswer {
  filename: string | null;
  /** Rejects when the connection breaks while the file is still arriving. */
  blob(): Promise<Blob>;
}

/**
 * Fetches a raw entry's file (a stored image, the account's ZIP archive) for code that needs the bytes
 * rather than a link the browser follows (`urlOf`). A refusal raises an ApiError with the server's message.
 */
export function callFile<Name extends RawRouteName>(
  name: Name,
  ...args: [...OptionalIfEmpty<AddressInput<Routes[Name]>>, options?: CallOptions & { accept?: string }]
): Promise<FileAnswer>;
export async function callFile(
  name: RawRouteName,
  input: SentInput = {},
  options: CallOptions & { accept?: string } = {},
): Promise<FileAnswer> {
  const { accept, ...rest } = options;
  const response = await send(urlFor(routeTable[name], input), { ...rest, method: 'GET', ...(accept ? { headers: { accept } } : {}) });
  const disposition = response.headers.get('content-disposition') ?? '';
  return { filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null, blob: () => response.blob() };
}

/** The one query-key factory: every cached answer is keyed by its call's name and input. */
export const queryKey = <Name extends RouteName, const Parts extends unknown[]>(name: Name, ...parts: Parts) => [name, ...parts] as const;
