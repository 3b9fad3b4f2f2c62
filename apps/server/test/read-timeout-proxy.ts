import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small reverse proxy as platforms put in front of web apps: every request is forwarded to `target`, and
 * one whose answer goes quiet for `readTimeoutMs` (no byte from the app) is cut with a 504, as nginx's
 * `proxy_read_timeout` does. Answers its base URL, the number of requests it cut, and `close`.
 */
export async function startReadTimeoutProxy(target: string, readTimeoutMs: number) {
  const upstream = new URL(target);
  const cut = { count: 0 };
  const server: Server = createServer((req, res) => {
    const forwarded = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.setTimeout(readTimeoutMs, () => {
      cut.count += 1;
      if (!res.headersSent) res.writeHead(504).end('upstream read timeout');
      else res.destroy();
      forwarded.destroy();
    });
    forwarded.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cut,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface StreamedEvent {
  event: string;
  data: unknown;
}

/**
 * Follows a server-sent event stream as a browser's EventSource does: a stream the server ends after a
 * `reconnect` event is asked again (after its `retry:`), until an event named in `last` arrives. Answers
 * every event, and how many connections it took.
 */
export async function followStream(url: string, headers: Record<string, string>, last: string[]) {
  const events: StreamedEvent[] = [];
  let connections = 0;
  for (;;) {
    connections += 1;
    const answer = await fetch(url, { headers: { ...headers, accept: 'text/event-stream' } });
    if (answer.status !== 200 || !answer.body) throw new Error(`stream answered ${answer.status}: ${await answer.text()}`);
    let buffer = '';
    let retryMs = 0;
    const decoder = new TextDecoder();
    for await (const chunk of answer.body) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = block.split('\n');
        const retry = lines.find((line) => line.startsWith('retry: '));
        if (retry) retryMs = Number(retry.slice(7));
        const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
        const data = lines.find((line) => line.startsWith('data: '))?.slice(6);
        if (event) events.push({ event, data: data === undefined ? undefined : JSON.parse(data) });
      }
    }
    const lastEvent = events.at(-1)?.event;
    if (lastEvent && last.includes(lastEvent)) return { events, connections };
    if (lastEvent !== 'reconnect') throw new Error(`the stream ended without a reconnect event (after ${lastEvent ?? 'nothing'})`);
    await new Promise((resolve) => setTimeout(resolve, retryMs));
  }
}
