import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { JobQueue } from './job-queue';
import { requestObjectDeletions } from './delete-objects-job';
import { deleteRecordedObjects, recordObjectDeletions } from '../storage/object-deletions';
import type { Storage } from '../storage/storage';

interface DeletionServices {
  database: { db: Db };
  storage: Storage;
  jobs: JobQueue;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * After the transaction that recorded `keys` for deletion has committed (ADR 033): deletes them at
 * once, outside any transaction, and leaves whatever the store refused recorded, for the deletion job,
 * which is asked for and retries until the store answers. Never throws: the decision is committed and
 * the record stands (the schedule's sweep finds it even when the job could not be asked for).
 */
export async function deleteAfterCommit(services: DeletionServices, keys: Iterable<string>): Promise<void> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return;
  const pass = await deleteRecordedObjects(services, { keys: unique }).catch((error: unknown) => {
    services.log.warn({ err: error }, 'recorded deletions could not be tried now');
    return { failed: 1 };
  });
  if (!pass.failed) return;
  await requestObjectDeletions(services.jobs).catch((error: unknown) =>
    services.log.warn({ err: error }, 'the deletion job could not be asked for; the schedule will sweep the recorded keys'),
  );
}

/**
 * Stored objects that nothing refers to, outside a transaction (the uploads of a design that was never
 * made): recorded for deletion, then deleted as after a commit. Only for keys that are never stored
 * again (a fresh design's), so a late delete cannot remove a newer file. Never throws (it runs while
 * another error is being handled).
 */
export async function discardObjects(services: DeletionServices, keys: Iterable<string>): Promise<void> {
  const unique = [...new Set(keys)];
  try {
    if ((await recordObjectDeletions(services.database.db, unique)) === 0) return;
  } catch (error) {
    // The database refused the record (the failure being handled may be its own): delete directly, best effort.
    services.log.warn({ err: error, keys: unique.length }, 'deletions could not be recorded; deleting directly');
    await Promise.all(unique.map((key) => services.storage.delete(key).catch(() => undefined)));
    return;
  }
  await deleteAfterCommit(services, unique);
}
