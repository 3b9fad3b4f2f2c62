import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { POLL_INTERVAL_MS } from './wait-for';

/**
 * A comment line this often (twice a window, when the window is shorter than two of these) keeps a proxy that
 * cuts idle connections from cutting a quiet stream.
 */
const HEARTBEAT_MS = 10_000;
/** The SSE `retry:` sent with a `reconnect` event: how soon the browser asks again. */
export const RECONNECT_RETRY_MS = 500;

type EventOf<Events extends Record<string, z.ZodType>> = { [Name in keyof Events]: [Name, z.input<Events[Name]>] }[keyof Events];

/**
 * Follows one piece of work (a design being made, a refinement, a Fix Room run) over server-sent events,
 * reading its state from the database every 400 ms, so any web process can follow work any worker does:
 * `start`, a `status` event for each new status text, then the event `ended` makes of its last state. The
 * stream ends early with a `reconnect` event (and an SSE `retry:`) when its window is up or this process
 * is stopping (`stopping`): the browser reconnects to the same URL, served by this or another process.
 * Every event carries the work's id as its SSE id.
 */
export async function streamWork<State, Events extends Record<string, z.ZodType>>(
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    id: string;
    stopping: AbortSignal;
    start: EventOf<Events>;
    read: () => Promise<State>;
    settled: (state: State) => boolean;
    /** The status text to tell of a state still under way (undefined: nothing to tell). */
    statusOf: (state: State) => Promise<string | undefined>;
    ended: (state: State) => Promise<EventOf<Events>>;
    /**
     * How long the stream stays open (EVENT_STREAM_WINDOW_MS, ADR 066: under the longest a proxy in front lets
     * one request last). It then ends with a `reconnect` event and the browser asks the same URL again at once, which
     * follows the same work (the URL names it). No request of our web app is held longer.
     */
    windowMs: number;
  },
): Promise<void> {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  const send = (event: string, data: unknown) => res.write(`id: ${options.id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  let open = true;
  request.raw.once('close', () => (open = false));
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), Math.min(HEARTBEAT_MS, options.windowMs / 2));
  const until = Date.now() + options.windowMs;
  try {
    send(String(options.start[0]), options.start[1]);
    let lastStatus = '';
    for (;;) {
      // A read that fails (the database restarting) is no answer yet.
      const read = await options.read().then(
        (state) => ({ state }),
        () => undefined,
      );
      if (!open) return;
      if (read && options.settled(read.state)) {
        const [event, data] = await options.ended(read.state);
        send(String(event), data);
        return;
      }
      if (read) {
        const status = await options.statusOf(read.state);
        if (status && status !== lastStatus) {
          lastStatus = status;
          send('status', { message: status });
        }
      }
      if (options.stopping.aborted || Date.now() >= until) {
        res.write(`retry: ${RECONNECT_RETRY_MS}\n`);
        send('reconnect', { retryMs: RECONNECT_RETRY_MS });
        return;
      }
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          options.stopping.removeEventListener('abort', wake);
          resolve();
        }, POLL_INTERVAL_MS);
        options.stopping.addEventListener('abort', wake, { once: true });
      });
    }
  } finally {
    clearInterval(heartbeat);
    res.end();
  }
}
