import { and, eq, notInArray } from 'drizzle-orm';
import { styleLensSummary, type StyleLensSummary } from '@rv/contracts/api/account';
import { TIMEOUTS_MS } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { styleLensTasks, users } from '../../db/schema';
import { forEngineCallOwner } from '../../engines/engine-usage';
import { EngineError } from '../../engines/image-engine';
import { deleteAfterCommit } from '../../jobs/discard-objects';
import type { Services } from '../../services';
import { recordObjectDeletions } from '../../storage/object-deletions';
import { readObject } from '../../storage/read-object';
import { readStyleLensTask } from './read-style-lens-task';

/** What the person is told of an analysis that failed for good without words of its own (a lost worker, a fault of ours). */
export const STYLE_LENS_FAILED = messages.server.internal;

/** Progress for the stream; an analysis that has ended (another run failed it) is never brought back to running. */
async function setStatus(services: Services, taskId: string, statusText: string) {
  await services.database.db
    .update(styleLensTasks)
    .set({ status: 'running', statusText })
    .where(and(eq(styleLensTasks.id, taskId), notInArray(styleLensTasks.status, ['done', 'failed'])));
}

/**
 * The engine's answer held to the port's contract, within the spec's 10 minutes: a malformed answer or the
 * limit is a failure for good with the spec's words; the job's own signal (a stop, its attempt's end) goes on as it is.
 */
async function analyse(services: Services, userId: string, photos: Buffer[], signal?: AbortSignal) {
  const limit = AbortSignal.timeout(TIMEOUTS_MS.styleLensAnalysis);
  let answer: { lens: string; summary: StyleLensSummary };
  try {
    answer = await forEngineCallOwner({ userId }, () =>
      services.visionEngine.analyzeStyle({ photos }, signal ? AbortSignal.any([signal, limit]) : limit),
    );
  } catch (error) {
    if (limit.aborted && !signal?.aborted) throw new EngineError(messages.styleLens.analysisTimedOut, false);
    throw error;
  }
  const summary = styleLensSummary.safeParse(answer.summary);
  const lens = typeof answer.lens === 'string' ? answer.lens.trim() : '';
  if (!summary.success || !lens) throw new EngineError(messages.styleLens.analysisIncomplete, false);
  return { lens, summary: summary.data };
}

/**
 * The `style-lens` job's work (ADR 066): reads the analysis's stored photos (telling each one, "Reading
 * photo n of m"), has the vision engine read them, then makes the lens the user's active one (unsaved
 * until they save it) in one transaction with the task's row locked: the previous lens's photos are
 * recorded for deletion and deleted after the commit (ADR 033). An analysis another run failed meanwhile
 * stays failed: its photos are recorded for deletion instead.
 */
export async function runStyleLens(services: Services, taskId: string, signal?: AbortSignal): Promise<void> {
  const { db } = services.database;
  const task = await readStyleLensTask(db, taskId);
  if (!task || task.status === 'done' || task.status === 'failed') return;
  const count = task.photoKeys.length;
  const photos: Buffer[] = [];
  for (const [index, key] of task.photoKeys.entries()) {
    await setStatus(services, taskId, `Reading photo ${index + 1} of ${count}`);
    const photo = await readObject(services.storage, key);
    if (!photo) throw new EngineError(STYLE_LENS_FAILED, false);
    photos.push(photo);
  }
  await setStatus(services, taskId, `Finding your style in ${count} photos`);
  const { lens, summary } = await analyse(services, task.userId, photos, signal);
  await setStatus(services, taskId, 'Saving your StyleLens');
  const made = { stylelens: lens, human_summary: summary, photoKeys: task.photoKeys };
  const discarded = await db.transaction(async (tx) => {
    const [current] = await tx.select({ status: styleLensTasks.status }).from(styleLensTasks).where(eq(styleLensTasks.id, taskId)).for('update');
    if (!current || current.status === 'done') return [];
    if (current.status === 'failed') {
      await recordObjectDeletions(tx, task.photoKeys);
      return task.photoKeys;
    }
    // Read the lens being replaced inside the same transaction, so two analyses at once never orphan photos.
    const [user] = await tx.select({ styleLens: users.styleLens }).from(users).where(eq(users.id, task.userId)).for('update');
    await tx.update(users).set({ styleLens: made, styleSaveStatus: false }).where(eq(users.id, task.userId));
    await tx.update(styleLensTasks).set({ status: 'done', statusText: 'Done', lens: made }).where(eq(styleLensTasks.id, taskId));
    const replaced = (user?.styleLens?.photoKeys ?? []).filter((key) => !task.photoKeys.includes(key));
    await recordObjectDeletions(tx, replaced);
    return replaced;
  });
  await deleteAfterCommit(services, discarded);
}

/**
 * An analysis that failed for good: marked failed with the words the person is told (the engine's own,
 * else STYLE_LENS_FAILED) and its photos recorded for deletion, in one transaction with its row locked;
 * they are deleted after the commit (ADR 033). The previous lens stays as it was. One already ended is left alone.
 */
export async function failStyleLens(services: Services, taskId: string, message?: string): Promise<void> {
  const discarded = await services.database.db.transaction(async (tx) => {
    const [task] = await tx.select().from(styleLensTasks).where(eq(styleLensTasks.id, taskId)).for('update');
    if (!task || task.status === 'done' || task.status === 'failed') return [];
    await tx
      .update(styleLensTasks)
      .set({ status: 'failed', statusText: 'Failed', error: message ?? STYLE_LENS_FAILED })
      .where(eq(styleLensTasks.id, taskId));
    await recordObjectDeletions(tx, task.photoKeys);
    return task.photoKeys;
  });
  await deleteAfterCommit(services, discarded);
}
