import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for an outside service in contract tests: it listens on 127.0.0.1, records what the
 * official SDK sends, and answers from a queue of scripted responses.
 */
export interface RecordedRequest {
  method: string;
  /** The path without the query string. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The parsed body when it was JSON. */
  json?: unknown;
  /** The parsed body when it was multipart/form-data: fields and files in the order sent. */
  form?: RecordedForm;
}

export interface RecordedForm {
  fields: { name: string; value: string }[];
  files: { name: string; filename: string; contentType: string; data: Buffer }[];
}

export type ScriptedResponse =
  | { status?: number; headers?: Record<string, string>; json?: unknown; body?: string | Buffer }
  /** Never answer (the connection stays open until the client gives up or the server closes). */
  | { hang: true };

export type Script = ScriptedResponse | ((request: RecordedRequest) => ScriptedResponse);

export interface TestHttpServer {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  requests: RecordedRequest[];
  /** Queues answers, used one per request in order. A request with nothing queued gets a 599. */
  respond(...scripts: Script[]): void;
  /** Drops the answers still queued and the requests recorded (a stand-in shared by several tests). */
  reset(): void;
  close(): Promise<void>;
}

export async function startTestHttpServer(): Promise<TestHttpServer> {
  const requests: RecordedRequest[] = [];
  const queue: Script[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const recorded = await record(req.method ?? 'GET', req.url ?? '/', req.headers, Buffer.concat(chunks));
        requests.push(recorded);
        const script = queue.shift() ?? { status: 599, json: { error: { message: 'test server: no scripted response left' } } };
        const answer = typeof script === 'function' ? script(recorded) : script;
        if ('hang' in answer) return;
        const headers = { ...answer.headers };
        let body = answer.body ?? '';
        if (answer.json !== undefined) {
          body = JSON.stringify(answer.json);
          headers['content-type'] ??= 'application/json';
        }
        res.writeHead(answer.status ?? 200, headers).end(body);
      })().catch((error: unknown) => res.writeHead(598).end(String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respond: (...scripts) => queue.push(...scripts),
    reset: () => {
      queue.length = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function record(method: string, url: string, headers: IncomingHttpHeaders, body: Buffer): Promise<RecordedRequest> {
  const parsed = new URL(url, 'http://127.0.0.1');
  const recorded: RecordedRequest = { method, path: parsed.pathname, query: parsed.searchParams, headers, body };
  const contentType = headers['content-type'] ?? '';
  if (contentType.includes('application/json') && body.length) recorded.json = JSON.parse(body.toString('utf8'));
  if (contentType.includes('multipart/form-data')) {
    // undici's own multipart parser, through the Fetch API's Response.formData()
    const form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
    recorded.form = { fields: [], files: [] };
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') recorded.form.fields.push({ name, value });
      else recorded.form.files.push({ name, filename: value.name, contentType: value.type, data: Buffer.from(await value.arrayBuffer()) });
    }
  }
  return recorded;
}
