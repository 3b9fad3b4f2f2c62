import type { Storage } from './storage';

/**
 * Removes objects on a failure path, best effort: a delete that fails too (the store is down) must not
 * hide the error being handled. Missing keys are no error.
 */
export async function deleteObjects(storage: Storage, keys: Iterable<string>): Promise<void> {
  await Promise.all([...new Set(keys)].map((key) => storage.delete(key).catch(() => undefined)));
}
