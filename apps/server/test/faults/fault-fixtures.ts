import { taskInputFiles } from '@rv/contracts/design-task-input';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { designImages, designTasks, roomDesigns, storedImageKeys, users } from '../../src/db/schema';
import { roomJpeg } from '@rv/testing/test-rooms';
import type { JobQueue } from '../../src/jobs/job-queue';
import type { App } from '../../src/app';
import { multipart, TEST_ORIGIN } from '../test-app';
import { deletionsSettled, expectAuditClean } from '../object-deletions';
import { noImageRetryKey } from '../../src/features/designs/images/design-files';

/** A room photo the fidelity scorer can read (walls, window, door). */
export async function makeRoomPhoto(): Promise<Buffer> {
  return roomJpeg();
}

/**
 * Keeps each queue's retry count as designed but drops the wait between job attempts, so a test sees
 * every attempt in seconds (pg-boss copies a queue's retry settings into each job it sends).
 */
export async function withoutRetryWaits(jobs: JobQueue, ...queues: string[]): Promise<void> {
  for (const name of queues) await jobs.updateQueue(name, { name, retryDelay: 0, retryBackoff: false });
}

/** POST /api/room-design with a room photo and optionally one item. */
export function postDesign(app: App, cookie: string, room: Buffer, item?: Buffer) {
  const body = multipart(
    {
      styleDescription: 'warm japandi',
      architecturalChanges: 'no',
      furnitureData: JSON.stringify(item ? [{ description: 'green armchair', placement: 'left' }] : []),
    },
    [
      { field: 'roomPhoto', filename: 'room.jpg', data: room },
      ...(item ? [{ field: 'furniturePhotos', filename: 'chair.png', data: item }] : []),
    ],
  );
  return app.inject({
    method: 'POST',
    url: '/api/room-design',
    headers: { ...body.headers, origin: TEST_ORIGIN, cookie },
    payload: body.payload,
  });
}

/** POST /api/room-design/fix-room for the design. */
export function postFixRoom(app: App, cookie: string, designId: string) {
  return app.inject({ method: 'POST', url: '/api/room-design/fix-room', headers: { cookie, origin: TEST_ORIGIN }, payload: { designId } });
}

/** GET /api/room-design/refine/{designId} asking for a tweak with the feedback: the event stream's response. */
export function getTweakStream(app: App, cookie: string, designId: string, feedback: string) {
  return app.inject({
    method: 'GET',
    url: `/api/room-design/refine/${designId}?tweak=tweak&feedback=${encodeURIComponent(feedback)}`,
    headers: { cookie, origin: TEST_ORIGIN },
  });
}

export async function creditsUsed(app: App, userId: string): Promise<number> {
  const [user] = await app.services.database.db.select({ used: users.transformationsUsed }).from(users).where(eq(users.id, userId));
  return user!.used;
}

/**
 * Every stored key some row refers to: a design's uploads, results and thumbnails, its pending tweak
 * photos, its tasks' tweak photos and outputs, the results manifest of a finished design, and the
 * records of an extra attempt after an answer without an image (ADR 034).
 */
export async function referencedKeys(app: App): Promise<Set<string>> {
  const { db } = app.services.database;
  const keys = new Set<string>();
  for (const design of await db.select().from(roomDesigns)) {
    const results = await db.select().from(designImages).where(eq(designImages.designId, design.id));
    for (const image of [design.original, ...design.morePhotos, ...design.references]) storedImageKeys(image).forEach((key) => keys.add(key));
    for (const image of results) {
      keys.add(image.key);
      keys.add(image.thumbKey);
    }
    for (const key of [...design.pendingTweakKeys, ...design.pendingMaskKeys]) keys.add(key);
    if (design.status === 'done') keys.add(`designs/${design.id}/results.json`);
    keys.add(noImageRetryKey(design.id));
  }
  for (const task of await db.select().from(designTasks)) {
    for (const key of [...taskInputFiles(task.input), ...task.resultKeys]) keys.add(key);
    keys.add(noImageRetryKey(task.designId, task.id));
  }
  return keys;
}

/** The keys in a local storage folder (each file's JSON sidecar is part of the file, not a key of its own). */
export function localStorageKeys(dataDir: string): string[] {
  const root = path.join(dataDir, 'files');
  if (!existsSync(root)) return [];
  const entries = readdirSync(root, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
  const keys = files.filter((f) => !f.endsWith('.meta.json'));
  // A sidecar without its file is a leftover too: report it under its own name.
  const orphanSidecars = files.filter((f) => f.endsWith('.meta.json') && !keys.includes(f.slice(0, -'.meta.json'.length)));
  return [...keys, ...orphanSidecars].sort();
}

/**
 * Once the recorded deletions are done (ADR 033), every stored file is referenced by a row and nothing
 * half-written (temp files) is left: by the test's own view of the store (`storedKeys`, read after the
 * wait), and by the production audit (`npm run storage -- audit`), which must report 0 orphans.
 */
export async function expectNoOrphans(app: App, storedKeys: () => string[] | Promise<string[]>): Promise<void> {
  await deletionsSettled(app);
  const referenced = await referencedKeys(app);
  expect((await storedKeys()).filter((key) => !referenced.has(key))).toEqual([]);
  await expectAuditClean(app);
}

/** The generation and design-task jobs run three times before they give up. */
export const JOB_RUNS = 3;

/**
 * The checks every fault ends with: the credit back (or never taken), every stored file referenced by a
 * row, the app still answering. `app` and `storedKeys` are read when the check runs.
 */
export function cleanFailureCheck(app: () => App, storedKeys: () => string[] | Promise<string[]>) {
  return async (userId: string, cookie: string, usedBefore: number) => {
    expect(await creditsUsed(app(), userId)).toBe(usedBefore);
    await expectNoOrphans(app(), storedKeys);
    await expectStillServing(app(), cookie);
  };
}

/** The app still answers its health check and an ordinary signed-in request. */
export async function expectStillServing(app: App, cookie: string): Promise<void> {
  const health = await app.inject({ method: 'GET', url: '/api/health' });
  expect(health.statusCode).toBe(200);
  expect(health.json()).toMatchObject({ status: 'ok', database: 'ok' });
  const designs = await app.inject({ method: 'GET', url: '/api/room-designs', headers: { cookie } });
  expect(designs.statusCode).toBe(200);
}

/**
 * The database goes away under the running app: its connection is closed, so every query of the app
 * fails from now on as against a server that cannot be reached (the app's own close is then a no-op).
 */
export async function loseDatabase(app: App): Promise<void> {
  await app.services.database.close();
}
