import { afterEach, beforeEach, vi } from 'vitest';

/** A browser's localStorage kept in memory: the keys and values a page stored. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

/**
 * Gives every test of the calling file an empty localStorage of its own. The tests run on Node 26,
 * whose own `localStorage` (empty without --localstorage-file) hides happy-dom's.
 */
export function standInLocalStorage() {
  beforeEach(() => {
    vi.stubGlobal('localStorage', new MemoryStorage());
  });
  afterEach(() => vi.unstubAllGlobals());
}
