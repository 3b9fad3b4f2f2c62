import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_TOOL_ACCESS } from '../../../auth/session-guard';
import { designTasks, fairUseLedger, users } from '../../../db/schema';
import type { createUser } from '../../../../test/fixtures';
import { signInNewUser } from '../../../../test/fixtures';
import { createTestApp, eventually, multipart, TEST_ORIGIN } from '../../../../test/test-app';
import { makeSeedPicture, seedDesign, type SeedPicture } from '../../../../test/seed-designs';
import { FAIR_USE, startDesignTask } from './start-design-task';
import { FAIR_USE_TASKS_PER_DAY, tasksInLastDay } from './tasks-in-last-day';

/** Refine and Fix Room are paid actions: tool access is checked on the server, and the fair-use cap is one atomic step. */
describe('paid actions: refine and Fix Room', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let picture: SeedPicture;
  beforeAll(async () => {
    ctx = await createTestApp();
    picture = await makeSeedPicture({ width: 320, height: 240 });
  });
  afterAll(() => ctx.close());

  const db = () => ctx.app.services.database.db;
  const signIn = (options: Parameters<typeof createUser>[1] = {}) => signInNewUser(ctx.app, db(), options);
  const designOf = (userId: string) => seedDesign(db(), ctx.app.services.storage, picture, { userId });
  const tasksOf = async (userId: string) =>
    (await db().select({ n: count() }).from(designTasks).where(eq(designTasks.userId, userId)))[0]!.n;
  /** Runs the user started earlier today on a design, as `startDesignTask` records them: each task and its ledger row. */
  async function earlierRuns(userId: string, designId: string, n: number) {
    const ids = Array.from({ length: n }, () => randomUUID());
    await db().transaction(async (tx) => {
      await tx.insert(designTasks).values(
        ids.map((id) => ({
          id,
          designId,
          userId,
          kind: 'refine' as const,
          input: { kind: 'refine' as const, tweakText: 'earlier', scope: 'tweak' as const, tweakKeys: [] },
          status: 'done' as const,
        })),
      );
      await tx.insert(fairUseLedger).values(ids.map((id) => ({ id, userId, kind: 'refine' as const })));
    });
  }
  const refine = (designId: string, cookie: string, feedback = 'make the sofa navy') =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/room-design/refine/${designId}?tweak=tweak&iteration=0&feedback=${encodeURIComponent(feedback)}`,
      headers: { origin: TEST_ORIGIN, cookie, 'sec-fetch-site': 'same-origin' },
    });
  const fixRoom = (designId: string, cookie: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/room-design/fix-room', headers: { origin: TEST_ORIGIN, cookie }, payload: { designId } });
  async function uploadTweak(designId: string, cookie: string) {
    const tweak = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#1e3a8a' } })
      .png()
      .toBuffer();
    const body = multipart({ designId }, [{ field: 'tweak', filename: 'navy.png', data: tweak }]);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/room-design/refine/upload',
      headers: { ...body.headers, origin: TEST_ORIGIN, cookie },
      payload: body.payload,
    });
  }

  it('refine, its tweak photo upload and Fix Room are refused without tool access (a cancelled subscriber), as design creation is', async () => {
    const lapsed = await signIn();
    const designId = await designOf(lapsed.id);
    await db().update(users).set({ subscriptionStatus: 'canceled' }).where(eq(users.id, lapsed.id));

    for (const res of [
      await refine(designId, lapsed.cookie),
      await uploadTweak(designId, lapsed.cookie),
      await fixRoom(designId, lapsed.cookie),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(NO_TOOL_ACCESS);
    }
    expect(await tasksOf(lapsed.id)).toBe(0);
    // Nothing was stored for the refused upload either.
    expect(readdirSync(path.join(ctx.config.DATA_DIR, 'files', 'designs', designId)).filter((f) => f.startsWith('tweak-'))).toEqual([]);
  });

  it('a subscription that ends between the route check and the task start still stops the task (checked again on the locked row)', async () => {
    const { id } = await signIn();
    const designId = await designOf(id);
    await db().update(users).set({ subscriptionStatus: 'past_due' }).where(eq(users.id, id));
    await expect(
      startDesignTask(ctx.app.services, { userId: id, designId, input: { kind: 'fix', baseKey: 'designs/none.webp' } }),
    ).rejects.toMatchObject({
      message: NO_TOOL_ACCESS,
    });
    expect(await tasksOf(id)).toBe(0);
  });

  // On PostgreSQL the requests run on separate connections: a separate count and insert let 10 of 20 through
  // with 3 left (tried). PGlite runs every query of the process through one in-process queue and a request's
  // count and insert follow each other without yielding to another request, so there the old code happened to hold.
  it('20 parallel refinements for a user N below the fair-use cap start exactly N', async () => {
    const left = 3;
    const { id, cookie } = await signIn();
    const designId = await designOf(id);
    await earlierRuns(id, designId, FAIR_USE_TASKS_PER_DAY - left);

    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => refine(designId, cookie, `try number ${i + 1}`)));
    const started = answers.filter((res) => res.statusCode === 200 && res.body.startsWith('id: '));
    const refused = answers.filter((res) => res.statusCode === 429);
    expect(started).toHaveLength(left);
    expect(refused).toHaveLength(20 - left);
    for (const res of refused) expect(res.json().error).toBe(FAIR_USE);
    expect(await tasksOf(id)).toBe(FAIR_USE_TASKS_PER_DAY);
    expect(await tasksInLastDay(db(), id)).toBe(FAIR_USE_TASKS_PER_DAY);
    // At the cap, the next one is refused too.
    expect((await refine(designId, cookie)).statusCode).toBe(429);
  }, 120_000);

  const deleteDesign = (designId: string, cookie: string) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/room-designs/${designId}?status_index=-1`, headers: { origin: TEST_ORIGIN, cookie } });

  it('the fair-use cap emptied by a deletion (ADR 031): at 100 of 100, deleting the design that held 99 of them lets no refine or Fix Room through', async () => {
    const { id, cookie } = await signIn();
    const spent = await designOf(id);
    const kept = await designOf(id);
    await earlierRuns(id, spent, FAIR_USE_TASKS_PER_DAY - 1);
    // The hundredth, a real refinement of the other design (started: it counts, however it ends).
    const hundredth = await refine(kept, cookie);
    expect(hundredth.body).toMatch(/^id: .*\nevent: start\n/);
    expect(await tasksInLastDay(db(), id)).toBe(FAIR_USE_TASKS_PER_DAY);

    expect((await deleteDesign(spent, cookie)).statusCode).toBe(200);
    expect(await tasksOf(id)).toBe(1);
    // An image of the kept design goes too.
    const imageId = `${kept}-1`;
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/designs/${kept}/images/${imageId}`,
          headers: { origin: TEST_ORIGIN, cookie },
        })
      ).statusCode,
    ).toBe(200);

    for (const res of [await refine(kept, cookie, 'one more'), await fixRoom(kept, cookie)]) {
      expect([res.statusCode, res.json().error]).toEqual([429, FAIR_USE]);
    }
    expect(await tasksInLastDay(db(), id)).toBe(FAIR_USE_TASKS_PER_DAY);
    expect(await tasksOf(id)).toBe(1);
  }, 60_000);

  it("a deleted account's runs stay counted without naming anyone; the live account's count holds", async () => {
    const gone = await signIn();
    const live = await signIn();
    await earlierRuns(gone.id, await designOf(gone.id), 7);
    await earlierRuns(live.id, await designOf(live.id), 5);
    const deleted = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: { origin: TEST_ORIGIN, cookie: gone.cookie },
      payload: { email: gone.email },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await db().select().from(users).where(eq(users.id, gone.id))).toEqual([]);
    // No row of the ledger names the deleted account; its runs are still there, owned by no one.
    expect(await db().select().from(fairUseLedger).where(eq(fairUseLedger.userId, gone.id))).toEqual([]);
    const rows = await db().select().from(fairUseLedger);
    expect(rows.filter((row) => row.userId === null).length).toBeGreaterThanOrEqual(7);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(['createdAt', 'id', 'kind', 'userId']);
    expect(await tasksInLastDay(db(), live.id)).toBe(5);
  });

  // A second connection to the same database: PostgreSQL only (PGlite is one connection in one process).
  it.runIf(process.env.TEST_DATABASE_URL)(
    'a task starting while another task of the design adds its result does not deadlock (the user row lock leaves foreign-key checks through)',
    async () => {
      const { id, cookie } = await signIn();
      const designId = await designOf(id);
      const other = new pg.Client({ connectionString: ctx.config.DATABASE_URL });
      await other.connect();
      try {
        // What a finishing task does (add-design-results.ts): the design row locked, then a result row that names the user.
        await other.query('begin');
        await other.query('select id from room_designs where id = $1 for update', [designId]);
        const started = refine(designId, cookie);
        // The new task holds the user's row and waits for the design row (its foreign-key check).
        await eventually(async () => {
          // Read outside `other`'s transaction, which would keep seeing its first snapshot of pg_stat_activity.
          const waiting = await ctx.app.services.database.executeSql(
            `select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like 'insert into "design_tasks"%'`,
          );
          return waiting.rows.length > 0;
        });
        await other.query(
          `insert into design_images (id, design_id, user_id, kind, rank, key, thumb_key, width, height)
           values ($1, $2, $3, 'fixed', 10, $4, $5, 320, 240)`,
          [randomUUID(), designId, id, `designs/${designId}/late.webp`, `designs/${designId}/late-thumb.webp`],
        );
        await other.query('commit');
        const res = await started;
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('event: start');
      } finally {
        await other.end();
      }
    },
    60_000,
  );
});
