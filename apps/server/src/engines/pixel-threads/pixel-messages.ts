import { isMarkedAsUntransferable } from 'node:worker_threads';

/**
 * What crosses between the main thread and a pixel thread. Messages are structured clones: a Buffer
 * arrives as a plain Uint8Array (turned back into a Buffer over the same memory by `withBuffers`), and an
 * EngineError arrives as its fields (an Error's class and own properties do not survive the clone).
 */

/** A task for a pixel thread: its name in pixel-tasks.ts and its arguments. */
export interface PixelTaskRequest {
  task: string;
  args: unknown[];
}

/** What a pixel thread answers: the task's value, or the EngineError it threw, as fields. */
export type PixelTaskAnswer = { value: unknown } | { engineError: { message: string; retryable: boolean; status?: number } };

/** The value with every Uint8Array in it (in arrays and plain objects) seen as a Buffer, without copying. */
export function withBuffers<T>(value: T): T {
  if (value instanceof Uint8Array) {
    return (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)) as T;
  }
  if (Array.isArray(value)) return value.map((item: unknown) => withBuffers(item)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withBuffers(item)])) as T;
  }
  return value;
}

/**
 * The memory of the typed arrays in a value that can be handed over rather than copied: those that own
 * their whole ArrayBuffer (a small Buffer shares Node's pool, which stays where it is and is copied) and
 * that Node lets go. Since Node 26 the memory sharp hands back (libvips' own, an external buffer) is marked
 * untransferable: such an answer is copied by the structured clone (ADR 030).
 */
export function ownedArrayBuffers(value: unknown, found = new Set<ArrayBuffer>()): ArrayBuffer[] {
  if (ArrayBuffer.isView(value)) {
    const { buffer } = value;
    if (
      buffer instanceof ArrayBuffer &&
      value.byteOffset === 0 &&
      value.byteLength === buffer.byteLength &&
      !isMarkedAsUntransferable(buffer)
    )
      found.add(buffer);
  } else if (Array.isArray(value)) {
    for (const item of value) ownedArrayBuffers(item, found);
  } else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) ownedArrayBuffers(item, found);
  }
  return [...found];
}
