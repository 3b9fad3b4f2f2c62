import { inSpan, SpanKind } from '../lib/tracing';
import type { Storage } from './storage';

/**
 * The storage with a span around each call (`storage put`, `get`, `delete`; ADR 059), named by the store
 * (`local` or `s3`) and the key. Listing every key (the orphan audit) is left out: it is no request's work.
 */
export function traceStorage(storage: Storage, kind: 'local' | 's3'): Storage {
  const span = <T>(operation: string, key: string, work: () => Promise<T>) =>
    inSpan(`storage ${operation}`, { kind: SpanKind.CLIENT, attributes: { 'storage.system': kind, 'storage.key': key } }, work);
  return {
    put: (key, body, contentType) => span('put', key, () => storage.put(key, body, contentType)),
    get: (key) => span('get', key, () => storage.get(key)),
    delete: (key) => span('delete', key, () => storage.delete(key)),
    list: () => storage.list(),
  };
}
