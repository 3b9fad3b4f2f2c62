import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A stand-in for the browser's EventSource (happy-dom has none that reaches our server): each one made
 * is recorded, and a test plays the server's side, sending named events or dropping the connection.
 */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSED = 2;
  readyState = FakeEventSource.OPEN;
  closed = false;

  constructor(readonly url: string) {
    super();
    FakeEventSource.made.push(this);
  }

  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }

  /** The server sends a named event with its JSON data. */
  send(event: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(event, { data: JSON.stringify(data) }));
  }

  /** The connection drops: the browser says so with a bare error event, then reconnects (CONNECTING) or gives up (CLOSED). */
  drop(reconnecting: boolean) {
    this.readyState = reconnecting ? FakeEventSource.CONNECTING : FakeEventSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }

  static last(): FakeEventSource {
    const source = FakeEventSource.made.at(-1);
    if (!source) throw new Error('no EventSource was opened');
    return source;
  }
}

/** Stands FakeEventSource in for the browser's EventSource in every test of the calling file, from a clean record. */
export function standInEventSource() {
  beforeEach(() => {
    FakeEventSource.made = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => vi.unstubAllGlobals());
}
