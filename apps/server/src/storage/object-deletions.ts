import { asc, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { objectDeletions } from '../db/schema';
import type { Storage } from './storage';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Durable deletion of stored objects (ADR 033). A key to delete is written to `object_deletions` by the
 * transaction that makes it unreferenced (a design failed or deleted, an image or an account deleted),
 * so the decision and the record commit together and no store call waits inside a transaction; the
 * `delete-objects` job then deletes what is recorded, outside any transaction, and a key whose delete
 * fails stays recorded and is tried again (the job's retries, then the periodic sweep) until the store
 * answers. Deleting a missing key is no error, so a key is never lost by being tried twice.
 */
export async function recordObjectDeletions(db: Db | Tx, keys: Iterable<string>): Promise<number> {
  const unique = [...new Set(keys)].filter(Boolean);
  if (unique.length === 0) return 0;
  await db
    .insert(objectDeletions)
    .values(unique.map((key) => ({ key })))
    .onConflictDoNothing();
  return unique.length;
}

/** Keys recorded for deletion and not yet deleted. */
export async function pendingObjectDeletions(db: Db): Promise<string[]> {
  const rows = await db.select({ key: objectDeletions.key }).from(objectDeletions).orderBy(asc(objectDeletions.key));
  return rows.map((row) => row.key);
}

/** Keys deleted at a time by one pass: a few in parallel, the rest waiting their turn. */
const BATCH = 200;
const PARALLEL = 8;

export interface DeletionPass {
  deleted: number;
  failed: number;
}

/**
 * One pass over the recorded keys (all, or those given; no transaction held while the store is called):
 * each key the store deletes loses its record; a failure is counted on the record, which stays for the
 * next pass.
 */
export async function deleteRecordedObjects(
  services: { database: { db: Db }; storage: Storage; log: Pick<FastifyBaseLogger, 'warn'> },
  options: { batch?: number; keys?: string[] } = {},
): Promise<DeletionPass> {
  const { db } = services.database;
  const rows = await db
    .select({ key: objectDeletions.key })
    .from(objectDeletions)
    .where(options.keys ? inArray(objectDeletions.key, options.keys.length ? options.keys : ['']) : undefined)
    .orderBy(asc(objectDeletions.attempts), asc(objectDeletions.requestedAt))
    .limit(options.batch ?? BATCH);
  const queue = rows.map((row) => row.key);
  const deleted: string[] = [];
  const failed = new Map<string, string>();
  const worker = async () => {
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
      try {
        await services.storage.delete(key);
        deleted.push(key);
      } catch (error) {
        failed.set(key, error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 500) : String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  if (deleted.length) await db.delete(objectDeletions).where(inArray(objectDeletions.key, deleted));
  for (const [key, message] of failed) {
    await db
      .update(objectDeletions)
      .set({ attempts: sql`${objectDeletions.attempts} + 1`, lastError: message })
      .where(sql`${objectDeletions.key} = ${key}`);
  }
  if (failed.size)
    services.log.warn({ failed: failed.size, deleted: deleted.length }, 'stored objects could not be deleted yet: kept for the next try');
  return { deleted: deleted.length, failed: failed.size };
}
