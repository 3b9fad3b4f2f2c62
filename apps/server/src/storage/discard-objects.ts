import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services';
import type { JobQueue } from '../jobs/job-queue';
import { requestObjectDeletions } from '../jobs/delete-objects-job';
import { deleteRecordedObjects, recordObjectDeletions } from './object-deletions';

/**
 * Stored objects that nothing refers to, outside a transaction (the uploads of a design that was never
 * made): recorded for deletion, then deleted at once; what the store refuses stays recorded and the
 * deletion job is asked for, which retries until the store answers (ADR 033). Only for keys that are
 * never stored again (a fresh design's), so a late delete cannot remove a newer file.
 */
export async function discardObjects(
  services: Pick<Services, 'database' | 'storage' | 'jobs' | 'log'>,
  keys: Iterable<string>,
): Promise<void> {
  const unique = [...new Set(keys)];
  try {
    if ((await recordObjectDeletions(services.database.db, unique)) === 0) return;
  } catch (error) {
    // The database refused the record (the failure being handled may be its own): delete directly, best effort.
    services.log.warn({ err: error, keys: unique.length }, 'deletions could not be recorded; deleting directly');
    await Promise.all(unique.map((key) => services.storage.delete(key).catch(() => undefined)));
    return;
  }
  // Never throws: it is called while another error is being handled, and what is recorded stays for the job.
  const pass = await deleteRecordedObjects(services, { keys: unique }).catch(() => ({ failed: 1 }));
  if (pass.failed) await afterObjectsRecorded(services);
}

/**
 * After a transaction that recorded deletions has committed: asks for the deletion job. A failure to
 * ask is logged, never thrown (the record stands and the schedule's sweep finds it).
 */
export async function afterObjectsRecorded(services: { jobs: JobQueue; log: Pick<FastifyBaseLogger, 'warn'> }): Promise<void> {
  await requestObjectDeletions(services.jobs).catch((error: unknown) =>
    services.log.warn({ err: error }, 'the deletion job could not be asked for; the schedule will sweep the recorded keys'),
  );
}
