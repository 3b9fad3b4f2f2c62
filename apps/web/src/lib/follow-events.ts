import type { z } from 'zod';

/** How many times a dropped stream is picked up again before the work is reported as lost. */
export const STREAM_RECONNECTS = 3;
export const CONNECTION_LOST = 'The connection was lost.';

export type FollowedEvent<Done> = { type: 'status'; message: string } | { type: 'complete'; done: Done } | { type: 'error'; details: string };

interface EventSchemas<Done> {
  status: z.ZodType<{ message: string }>;
  complete: z.ZodType<Done>;
  error: z.ZodType<{ details: string }>;
}

/**
 * Follows one piece of work's server-sent events (a design being made, a refinement, a Fix Room run) until
 * it completes or fails (ADR 066). The URL names the work, so a reconnect follows the same work, never new
 * work. A stream the server ends on purpose (its window is up, or its process is stopping) says so with a
 * `reconnect` event: the browser asks again after the `retry:` it sent, and that does not count as a drop.
 * A connection that drops otherwise is picked up again by the browser a few times (STREAM_RECONNECTS)
 * before the work is reported as lost. Each event's data is parsed with its catalogue schema (loaded with
 * the first stream, not with the page: they bring zod). Answers a function that stops following.
 */
export function followEvents<Done>(url: string, schemas: Promise<EventSchemas<Done>>, onEvent: (event: FollowedEvent<Done>) => void): () => void {
  const source = new EventSource(url);
  let finished = false;
  const finish = () => {
    finished = true;
    source.close();
  };
  const dataOf = (event: Event): unknown => JSON.parse(event instanceof MessageEvent ? String(event.data) : 'null');
  // An event that arrives after the end (a late status, a stopped stream) is not told.
  source.addEventListener('status', (e) => {
    if (finished) return;
    const data = dataOf(e);
    void schemas.then((events) => onEvent({ type: 'status', message: events.status.parse(data).message }));
  });
  source.addEventListener('complete', (e) => {
    if (finished) return;
    finish();
    const data = dataOf(e);
    void schemas.then((events) => onEvent({ type: 'complete', done: events.complete.parse(data) }));
  });
  let reconnects = 0;
  let asked = false;
  source.addEventListener('reconnect', () => (asked = true));
  source.addEventListener('error', (e) => {
    if (finished) return;
    const data = e instanceof MessageEvent && typeof e.data === 'string' ? e.data : undefined;
    // No data: the connection itself ended. While the browser is reconnecting, let it: always when the
    // server asked for it, a few times when the connection dropped.
    if (!data && source.readyState === EventSource.CONNECTING) {
      if (asked) {
        asked = false;
        return;
      }
      if (reconnects++ < STREAM_RECONNECTS) return;
    }
    finish();
    void schemas.then((events) => onEvent({ type: 'error', details: data ? events.error.parse(JSON.parse(data)).details : CONNECTION_LOST }));
  });
  return finish;
}
