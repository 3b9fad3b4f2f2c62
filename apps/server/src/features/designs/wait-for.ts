/** How often a request waiting on a job looks at the database again. */
export const POLL_INTERVAL_MS = 400;

/**
 * Waits on work another process does (a design, a refinement, a Fix Room run), by reading its state from
 * the database every 400 ms: answers the first state `settled` accepts, or the last state read once
 * `until` has passed or `stop` says the caller went away. `seen` is told every state read (a stream
 * sends progress from it). A read that fails (the database restarting) counts as no answer yet.
 */
export async function waitFor<T>(options: {
  read: () => Promise<T>;
  settled: (state: T) => boolean;
  until: number;
  stop?: () => boolean;
  seen?: (state: T) => void;
}): Promise<T | undefined> {
  let last: T | undefined;
  for (;;) {
    try {
      last = await options.read();
      options.seen?.(last);
      if (options.settled(last)) return last;
    } catch {
      // not an answer: keep waiting until the deadline
    }
    if (options.stop?.() || Date.now() > options.until) return last;
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}
