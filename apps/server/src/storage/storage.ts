import type { Readable } from 'node:stream';

/** The storage port: our own files, addressed by server-made keys. Chosen in create-storage.ts. */
export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
  etag: string;
}

export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  /** Every key the store holds (for the orphan audit, `npm run storage -- audit`), in no set order. */
  list(): AsyncIterable<string>;
}

/** Keys are made by the server only: letters, digits, dashes, underscores, dots and slashes, no '..'. */
export const STORAGE_KEY = /^[a-zA-Z0-9][a-zA-Z0-9/_.-]{0,250}$/;
export function isStorageKey(key: string): boolean {
  return STORAGE_KEY.test(key) && !key.includes('..') && !key.includes('//');
}
