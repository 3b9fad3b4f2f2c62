import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomDesigns, users } from '../../../db/schema';
import { roomJpeg } from '@rv/testing/test-rooms';
import type { Services } from '../../../services';
import type { Storage } from '../../../storage/storage';
import { designResults } from '../../../../test/design-results';
import { plainBrief } from '../../../../test/fixtures';
import { insertDesignWithStoredRoom } from '../../../../test/stored-designs';
import { createTestApp, eventually } from '../../../../test/test-app';
import { requestObjectDeletions } from '../../../jobs/delete-objects-job';
import { deletionsSettled } from '../../../../test/object-deletions';
import { pendingObjectDeletions } from '../../../storage/object-deletions';
import { resultsManifestKey } from '../images/design-files';
import { failDesign } from './fail-design';
import { generateDesign } from './generate-design';

/**
 * A design that fails for good after its engine results were stored: no row names those files, they
 * are recorded for deletion in the commit that fails it and deleted outside the transaction (ADR 033),
 * and a run still working on it never makes it done again.
 */
describe('failing a design', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let room: Buffer;
  beforeAll(async () => {
    ctx = await createTestApp();
    room = await roomJpeg();
  });
  afterAll(() => ctx.close());

  const resultKeys = (designId: string) => [
    resultsManifestKey(designId),
    ...[1, 2].flatMap((n) => [`designs/${designId}/generated-${n}.webp`, `designs/${designId}/generated-${n}-thumb.webp`]),
  ];
  const storedKeys = async (storage: Storage, keys: string[]) =>
    (await Promise.all(keys.map(async (key) => ((await storage.get(key)) ? key : null)))).filter(Boolean);

  /** A running design (credit reserved) whose engine results are in storage: the analysis step failed once. */
  async function designWithStoredResults(): Promise<{ designId: string; userId: string }> {
    const { designId, userId } = await insertDesignWithStoredRoom(ctx.app.services, {
      idPrefix: 'failing',
      room,
      brief: plainBrief('sage'),
      transformationsUsed: 1,
    });
    const vision = ctx.app.services.visionEngine;
    const failingAnalysis: Services = {
      ...ctx.app.services,
      visionEngine: { ...vision, analyzeDesign: () => Promise.reject(new Error('no analysis')) },
    };
    await expect(generateDesign(failingAnalysis, designId)).rejects.toThrow('no analysis');
    expect(await storedKeys(ctx.app.services.storage, resultKeys(designId))).toHaveLength(5);
    return { designId, userId };
  }

  it('failing a design calls no store inside its transaction: with a store that never answers, it commits failed, refunded and its results recorded', async () => {
    const { db } = ctx.app.services.database;
    const { designId, userId } = await designWithStoredResults();
    const storage = ctx.app.services.storage;
    const storeCalls: string[] = [];
    const hangingStore: Storage = {
      ...storage,
      get: (key) => (storeCalls.push(`get ${key}`), new Promise(() => {})),
      put: (key) => (storeCalls.push(`put ${key}`), new Promise(() => {})),
      delete: (key) => (storeCalls.push(`delete ${key}`), new Promise(() => {})),
    };

    // It keeps waiting on the store after its commit (its own delete, outside the transaction), never inside it:
    // the design reads failed and its row can be locked again meanwhile. On the code before, the transaction
    // waited on the store with the row locked, and the design never read failed.
    void failDesign({ ...ctx.app.services, storage: hangingStore }, designId, 'It failed.');
    const design = await eventually(async () => {
      const [row] = await db.select().from(roomDesigns).where(eq(roomDesigns.id, designId));
      return row?.status === 'failed' ? row : null;
    }, 5_000);
    expect(design).toMatchObject({ status: 'failed', creditState: 'refunded', error: 'It failed.' });
    await db.transaction(async (tx) => tx.select().from(roomDesigns).where(eq(roomDesigns.id, designId)).for('update'));
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    expect(user?.transformationsUsed).toBe(0);
    // No row names the results (nobody can be shown them); each was recorded for deletion in the same commit.
    expect((await designResults(db, designId)).all).toEqual([]);
    expect(await pendingObjectDeletions(db)).toEqual(expect.arrayContaining(resultKeys(designId)));
    expect(storeCalls.every((call) => call.startsWith('delete '))).toBe(true);
    // The deletion job, on the store that answers, removes them.
    await requestObjectDeletions(ctx.app.services.jobs);
    await deletionsSettled(ctx.app);
    expect(await storedKeys(storage, resultKeys(designId))).toEqual([]);
  });

  it('a run that stores its results after another run failed the design leaves it failed, refunded and without files', async () => {
    const { db } = ctx.app.services.database;
    const { designId, userId } = await insertDesignWithStoredRoom(ctx.app.services, {
      idPrefix: 'overtaken',
      room,
      brief: plainBrief('sage'),
      transformationsUsed: 1,
    });
    const engine = ctx.app.services.imageEngine;
    // While this run waits on the engine, another run of the same design fails it for good.
    const overtaken: Services = {
      ...ctx.app.services,
      imageEngine: {
        ...engine,
        redesign: async (input, options) => {
          await failDesign(ctx.app.services, designId, 'It failed.');
          return engine.redesign(input, options);
        },
      },
    };
    await generateDesign(overtaken, designId);
    const [design] = await db.select().from(roomDesigns).where(eq(roomDesigns.id, designId));
    expect(design).toMatchObject({ status: 'failed', creditState: 'refunded', error: 'It failed.' });
    expect((await designResults(db, designId)).all).toEqual([]);
    // What the late run stored after the design failed is recorded by the run itself, and deleted by the job.
    await deletionsSettled(ctx.app);
    expect(await storedKeys(ctx.app.services.storage, resultKeys(designId))).toEqual([]);
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    expect(user?.transformationsUsed).toBe(0);
  });
});
