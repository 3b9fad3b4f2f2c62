/**
 * Where this browser keeps what a person was filling in (a tool form's draft, ADR 054): one record of plain
 * data per key, and the photos beside it as files, each written once (a word typed rewrites the record, not
 * the photos). Keys are `<user id>/<name>`, so one account never reads another's, and signing out removes
 * everything under the account's id.
 *
 * In IndexedDB, which keeps files (Blobs) as they are, across reloads and a closed tab; in a browser without
 * it, in memory for the page's life (still across Back and Forward within the app).
 */
export interface StoredDraft {
  record: unknown;
  files: Map<string, File>;
}

export interface DraftStore {
  read(key: string): Promise<StoredDraft | undefined>;
  /** Replaces the record; adds the files not stored yet and removes the stored ones not in `files`. */
  write(key: string, record: unknown, files: ReadonlyMap<string, File>): Promise<void>;
  remove(key: string): Promise<void>;
  /** Removes every draft whose key starts with `prefix` (an account's: `<user id>/`). */
  removeUnder(prefix: string): Promise<void>;
}

/** How long a draft is kept after its last change: older ones are removed, not restored (the privacy page says so). */
export const DRAFT_KEPT_DAYS = 30;

/** Whether a draft last changed at `savedAt` is past keeping at `now`. */
export const draftExpired = (savedAt: number, now: number) => now - savedAt > DRAFT_KEPT_DAYS * 24 * 60 * 60 * 1000;

/** A draft's key: the account's id, then the draft's name (a tool). */
export const draftKey = (userId: string, name: string) => `${userId}/${name}`;
export const draftsOf = (userId: string) => `${userId}/`;

const fileKey = (key: string, id: string) => `${key}\u0000${id}`;
/** Every key that starts with `prefix`. */
const startingWith = (prefix: string) => IDBKeyRange.bound(prefix, `${prefix}\uffff`);

const DATABASE = 'rv-drafts';
const RECORDS = 'records';
const FILES = 'files';

function request<T>(asked: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    asked.onsuccess = () => resolve(asked.result);
    asked.onerror = () => reject(asked.error ?? new Error('IndexedDB request failed'));
  });
}

function done(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
  });
}

/** The drafts in IndexedDB (opened at the first use, never at a page's first paint). */
export function indexedDbDraftStore(factory: IDBFactory): DraftStore {
  let opened: Promise<IDBDatabase> | undefined;
  const open = () =>
    (opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const asked = factory.open(DATABASE, 1);
      asked.onupgradeneeded = () => {
        asked.result.createObjectStore(RECORDS);
        asked.result.createObjectStore(FILES);
      };
      asked.onsuccess = () => resolve(asked.result);
      asked.onerror = () => {
        opened = undefined;
        reject(asked.error ?? new Error('IndexedDB did not open'));
      };
    }));
  const transaction = async (mode: IDBTransactionMode) => (await open()).transaction([RECORDS, FILES], mode);

  return {
    async read(key) {
      const tx = await transaction('readonly');
      const range = startingWith(fileKey(key, ''));
      const [record, keys, files] = await Promise.all([
        request(tx.objectStore(RECORDS).get(key)),
        request(tx.objectStore(FILES).getAllKeys(range)),
        request(tx.objectStore(FILES).getAll(range)),
      ]);
      if (record === undefined) return undefined;
      const prefix = fileKey(key, '').length;
      return {
        record: record as unknown,
        files: new Map(keys.map((stored, index) => [String(stored).slice(prefix), files[index] as File])),
      };
    },
    async write(key, record, files) {
      const tx = await transaction('readwrite');
      const stored = new Set((await request(tx.objectStore(FILES).getAllKeys(startingWith(fileKey(key, ''))))).map(String));
      tx.objectStore(RECORDS).put(record, key);
      for (const [id, file] of files) if (!stored.has(fileKey(key, id))) tx.objectStore(FILES).put(file, fileKey(key, id));
      for (const old of stored) if (!files.has(old.slice(fileKey(key, '').length))) tx.objectStore(FILES).delete(old);
      await done(tx);
    },
    async remove(key) {
      const tx = await transaction('readwrite');
      tx.objectStore(RECORDS).delete(key);
      tx.objectStore(FILES).delete(startingWith(fileKey(key, '')));
      await done(tx);
    },
    async removeUnder(prefix) {
      const tx = await transaction('readwrite');
      tx.objectStore(RECORDS).delete(startingWith(prefix));
      tx.objectStore(FILES).delete(startingWith(prefix));
      await done(tx);
    },
  };
}

/** The drafts in this page's memory: the same behaviour, kept until the page goes. */
export function memoryDraftStore(): DraftStore {
  const drafts = new Map<string, StoredDraft>();
  return {
    read: async (key) => {
      const draft = drafts.get(key);
      return draft && { record: structuredClone(draft.record), files: new Map(draft.files) };
    },
    write: async (key, record, files) => {
      drafts.set(key, { record: structuredClone(record), files: new Map(files) });
    },
    remove: async (key) => {
      drafts.delete(key);
    },
    removeUnder: async (prefix) => {
      for (const key of [...drafts.keys()]) if (key.startsWith(prefix)) drafts.delete(key);
    },
  };
}

let store: DraftStore | undefined;
/** This browser's drafts: IndexedDB where there is one, else memory. */
export const draftStore = (): DraftStore =>
  (store ??= typeof indexedDB === 'undefined' ? memoryDraftStore() : indexedDbDraftStore(indexedDB));

/** Forgets every draft of the account (its sign-out, its deletion); a failure is no reason to stop those. */
export const forgetDrafts = (userId: string) =>
  draftStore()
    .removeUnder(draftsOf(userId))
    .catch(() => undefined);
