import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designListAnswer } from '@rv/contracts/api/design-view';
import { roomJpeg } from '@rv/testing/test-rooms';
import { startQueues } from '../../../composition-root';
import { roomDesigns, users } from '../../../db/schema';
import { signInNewUser } from '../../../../test/fixtures';
import { createTestApp, eventually, multipart, TEST_ORIGIN } from '../../../../test/test-app';

/**
 * A person who leaves while their design is being made (Back, a reload, a closed tab) drops the
 * request that waits for it. The design goes on, its credit is used once, and the recent list shows where it
 * is (ADR 054). The app only serves at first (no worker), so the design is surely still being made when the
 * request is dropped; a worker is started afterwards and makes it.
 */
describe('a design whose waiting request is dropped', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let base: string;
  beforeAll(async () => {
    ctx = await createTestApp({}, { role: 'web' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => ctx.close());

  const db = () => ctx.app.services.database.db;
  const used = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!.transformationsUsed;
  const designsOf = (userId: string) => db().select().from(roomDesigns).where(eq(roomDesigns.userId, userId));

  it('goes on, is made, uses one credit, and is listed with its state while made and once done', async () => {
    const { id, cookie } = await signInNewUser(ctx.app, db());
    const body = multipart({ styleDescription: 'sage green', architecturalChanges: 'no' }, [
      { field: 'roomPhoto', filename: 'room.jpg', data: await roomJpeg({ width: 480, height: 360 }) },
    ]);
    const leave = new AbortController();
    const waiting = fetch(`${base}/api/room-design`, {
      method: 'POST',
      headers: { ...body.headers, origin: TEST_ORIGIN, cookie },
      body: new Uint8Array(body.payload),
      signal: leave.signal,
    }).catch((error: unknown) => error);

    const [design] = await eventually(async () => {
      const rows = await designsOf(id);
      return rows.length > 0 && rows;
    });
    leave.abort();
    expect(await waiting).toMatchObject({ name: 'AbortError' });

    const recent = async () =>
      designListAnswer.parse(
        await (await fetch(`${base}/api/designs?scope=recent&limit=3`, { headers: { origin: TEST_ORIGIN, cookie } })).json(),
      ).designs;
    // Left (the server has had a moment to see the request go): not cancelled, its credit still held, one
    // credit used, and listed as being made.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await designsOf(id)).map((row) => [row.status, row.creditState])).toEqual([['queued', 'reserved']]);
    expect(await used(id)).toBe(1);
    expect((await recent()).map((view) => [view.id, view.status])).toEqual([[design!.id, 'queued']]);

    // A worker makes it: done, still one credit.
    await startQueues(ctx.app.services, { work: true, pollingIntervalSeconds: 0.5 });
    await eventually(async () => (await designsOf(id))[0]!.status === 'done', 60_000);
    expect((await recent()).map((view) => [view.id, view.status, view.pagePath])).toEqual([
      [design!.id, 'done', `/furnishing-decorating/design/${design!.id}`],
    ]);
    expect(await used(id)).toBe(1);
  });
});
