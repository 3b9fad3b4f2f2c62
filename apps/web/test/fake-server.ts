import { routeTable } from '@rv/contracts/route-table';
import type { RouteName } from '@rv/contracts/routes/routes';
import { vi } from 'vitest';
import type { CallAnswer } from '@/lib/api-client';

/** One request the web app sent, as the fake server saw it. */
export interface SentCall {
  name: RouteName;
  method: string;
  /** The path with its query. */
  url: string;
  params: Record<string, string>;
  query: Record<string, string>;
  /** The JSON body, parsed (undefined without one). */
  json: unknown;
  /** The multipart body, when the call sent a form. */
  form: FormData | undefined;
}

/** What a handler answers: the call's typed answer (200), or a Response of its own (an error, an empty 204). */
type Answer<Name extends RouteName> = CallAnswer<Name> | Response;
type Handlers = { [Name in RouteName]?: Answer<Name> | ((sent: SentCall) => Answer<Name> | Promise<Answer<Name>>) };

/** A refusal as our server sends it: `{ error }` with the status. */
export function refuse(status: number, error: string): Response {
  return new Response(JSON.stringify({ error }), { status, headers: { 'content-type': 'application/json' } });
}

/** A promise the test settles itself: holds a call open to see the page's waiting state. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

const patterns = (Object.keys(routeTable) as RouteName[]).map((name) => {
  const { method, path } = routeTable[name];
  const keys: string[] = [];
  const source = path
    .replace(/[.]/g, '\\.')
    .replace(/:([A-Za-z_]+)/g, (_, key: string) => {
      keys.push(key);
      return '([^/]+)';
    })
    .replace(/\*$/, () => {
      keys.push('*');
      return '(.*)';
    });
  return { name, method, keys, regex: new RegExp(`^${source}$`) };
});

/**
 * Stands in for our server: `fetch` answers each call by its catalogue name (route-table.ts), from
 * `handlers`; a call with no handler fails the request loudly. Every call is recorded in `calls`, in order.
 * Undo with `vi.unstubAllGlobals()` after each test.
 */
export function fakeServer(handlers: Handlers) {
  const calls: SentCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const found = patterns
      .filter((pattern) => pattern.name in handlers && pattern.method === method)
      .map((pattern) => ({ pattern, match: pattern.regex.exec(url.pathname) }))
      .find((candidate) => candidate.match);
    if (!found) throw new Error(`The fake server has no handler for ${method} ${url.pathname}`);
    const params = Object.fromEntries(found.pattern.keys.map((key, index) => [key, decodeURIComponent(found.match![index + 1]!)]));
    const sent: SentCall = {
      name: found.pattern.name,
      method,
      url: `${url.pathname}${url.search}`,
      params,
      query: Object.fromEntries(url.searchParams),
      json: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      form: init.body instanceof FormData ? init.body : undefined,
    };
    calls.push(sent);
    const handler: unknown = handlers[found.pattern.name];
    const answer: unknown = typeof handler === 'function' ? await (handler as (sent: SentCall) => unknown)(sent) : handler;
    if (answer instanceof Response) return answer;
    return new Response(answer === undefined ? '' : JSON.stringify(answer), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return {
    calls,
    /** The calls to one entry of the catalogue. */
    callsTo: (name: RouteName) => calls.filter((sent) => sent.name === name),
  };
}
