import { taskInputFiles } from '@rv/contracts/design-task-input';
import type { Db } from '../../db/client';
import { bugReports, designImages, designTasks, roomDesigns, storedImageKeys, styleLensTasks, users } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { pendingObjectDeletions } from '../../storage/object-deletions';
import { noImageRetryKey, resultsManifestKey, resultThumbKey } from '../designs';

export interface StorageAudit {
  /** How many objects the store holds. */
  stored: number;
  /** Stored objects no row refers to and none is waiting to delete: each one a leak. */
  orphans: string[];
  /** Stored objects recorded for deletion (object_deletions) and not yet deleted: the deletion job's work. */
  pendingDeletion: string[];
}

/**
 * Every key some row refers to: each design's uploads, pending tweak photos and painted areas, and (unless
 * it failed) its results manifest, and the record of its one more attempt (ADR 034); each result image's file, thumbnail and mask; each task's tweak
 * photos, mask, outputs and their thumbnails; each user's avatar and StyleLens photos; each bug report's
 * screenshots. The prefixes are the files of work still running (a design or a task queued or running
 * stores its results before a row names them).
 */
async function referencedKeys(db: Db): Promise<{ keys: Set<string>; prefixes: string[] }> {
  const keys = new Set<string>();
  const prefixes: string[] = [];
  const add = (...more: (string | null | undefined)[]) => more.forEach((key) => key && keys.add(key));
  const working = ['queued', 'running'] as const;
  for (const design of await db.select().from(roomDesigns)) {
    for (const image of [design.original, ...design.morePhotos, ...design.references]) add(...storedImageKeys(image));
    add(...design.pendingTweakKeys, ...design.pendingMaskKeys);
    if (design.status !== 'failed') add(resultsManifestKey(design.id));
    add(noImageRetryKey(design.id));
    // A room given as several photos records one more try per photo (ADR 065).
    [design.original, ...design.morePhotos].forEach((_, index) => add(noImageRetryKey(design.id, `photo-${index + 1}`)));
    if ((working as readonly string[]).includes(design.status)) prefixes.push(`designs/${design.id}/`);
  }
  for (const image of await db.select().from(designImages)) add(image.key, image.thumbKey, image.maskKey);
  for (const task of await db.select().from(designTasks)) {
    add(task.input.baseKey, ...taskInputFiles(task.input));
    for (const key of task.resultKeys) add(key, resultThumbKey(key));
    add(noImageRetryKey(task.designId, task.id));
    if ((working as readonly string[]).includes(task.status)) prefixes.push(`designs/${task.designId}/task-${task.id}-`);
  }
  for (const user of await db.select({ avatarKey: users.avatarKey, styleLens: users.styleLens }).from(users)) {
    add(user.avatarKey, ...(user.styleLens?.photoKeys ?? []));
  }
  for (const task of await db.select({ photoKeys: styleLensTasks.photoKeys }).from(styleLensTasks)) add(...task.photoKeys);
  for (const report of await db.select({ keys: bugReports.attachmentKeys }).from(bugReports)) add(...report.keys);
  return { keys, prefixes };
}

/**
 * The orphan audit (`npm run storage -- audit`, ADR 033): lists the store and names every object that
 * no row refers to and no recorded deletion is waiting for. Read-only; run it on a quiet system (a file
 * stored by a request in flight has no row yet).
 */
export async function auditStorage(services: { database: { db: Db }; storage: Storage }): Promise<StorageAudit> {
  const { db } = services.database;
  const stored: string[] = [];
  for await (const key of services.storage.list()) stored.push(key);
  const [{ keys, prefixes }, pending] = await Promise.all([referencedKeys(db), pendingObjectDeletions(db)]);
  const waiting = new Set(pending);
  const orphans = stored.filter((key) => !keys.has(key) && !waiting.has(key) && !prefixes.some((prefix) => key.startsWith(prefix)));
  return { stored: stored.length, orphans: orphans.sort(), pendingDeletion: stored.filter((key) => waiting.has(key)).sort() };
}
