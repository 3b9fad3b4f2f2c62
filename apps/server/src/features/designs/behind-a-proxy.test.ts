import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designViewAnswer } from '@rv/contracts/api/design-view';
import { roomJpeg } from '@rv/testing/test-rooms';
import { signInNewUser } from '../../../test/fixtures';
import { followStream, startReadTimeoutProxy } from '../../../test/read-timeout-proxy';
import { createTestApp, multipart, TEST_ORIGIN } from '../../../test/test-app';

/** The proxy's read timeout: what many platforms give a web app (ADR 066). Not scaled down. */
const PROXY_READ_TIMEOUT_MS = 30_000;
/**
 * Every local engine call takes this long, so each piece of work below outlasts the proxy's timeout by its
 * first engine call alone: a request held for the work would be cut.
 */
const ENGINE_DELAY_MS = 31_000;

/**
 * Issue 50: one way to wait. Through a proxy that cuts an answer quiet for 30 s, a design, a refinement and
 * Fix Room complete: each call answers at once, and their event streams end within 25 s with a
 * `reconnect` event (kept alive by comments meanwhile), followed again by the client at the same URL.
 */
describe('behind a proxy with a 30-s read timeout', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let proxy: Awaited<ReturnType<typeof startReadTimeoutProxy>>;
  beforeAll(async () => {
    ctx = await createTestApp({ LOCAL_ENGINE_DELAY_MS: String(ENGINE_DELAY_MS) });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    proxy = await startReadTimeoutProxy(`http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`, PROXY_READ_TIMEOUT_MS);
  });
  afterAll(async () => {
    await proxy?.close();
    await ctx?.close();
  });

  it('a design, then a refinement and Fix Room on it, complete; no request is cut', async () => {
    const { cookie } = await signInNewUser(ctx.app, ctx.app.services.database.db);
    const headers = { origin: TEST_ORIGIN, cookie };
    const timed = async <T>(work: () => Promise<T>) => {
      const started = Date.now();
      const value = await work();
      return { value, ms: Date.now() - started };
    };

    const body = multipart({ styleDescription: 'sage green', architecturalChanges: 'no' }, [
      { field: 'roomPhoto', filename: 'room.jpg', data: await roomJpeg({ width: 480, height: 360 }) },
    ]);
    const started = await timed(() =>
      fetch(`${proxy.url}/api/designs/room-design`, { method: 'POST', headers: { ...headers, ...body.headers }, body: new Uint8Array(body.payload) }),
    );
    expect(started.value.status).toBe(201);
    expect(started.ms).toBeLessThan(PROXY_READ_TIMEOUT_MS);
    const { designId } = (await started.value.json()) as { designId: string };

    const design = await timed(() => followStream(`${proxy.url}/api/designs/${designId}/events`, headers, ['complete', 'error']));
    expect(design.ms).toBeGreaterThan(PROXY_READ_TIMEOUT_MS);
    expect(design.value.events.at(-1)).toEqual({ event: 'complete', data: { designId } });
    expect(design.value.connections).toBeGreaterThan(1);
    const statuses = design.value.events.filter((e) => e.event === 'status').map((e) => (e.data as { message: string }).message);
    // The stream tells the step the job is in when it looks (each connection reads the design's status): the
    // 31-s drawing is always seen; the checks that follow take milliseconds and may pass between two looks.
    expect(statuses).toContain('Analysing your photos and drawing the designs');
    for (const status of statuses)
      expect(status).toMatch(/^(Queued: .+|Analysing your photos and drawing the designs|Image \d of \d|Checking the architecture of image \d of \d|Writing the analysis)$/);

    const view = designViewAnswer.parse(await (await fetch(`${proxy.url}/api/designs/${designId}`, { headers })).json());
    const [first] = view.design.images;
    const refineBody = multipart({ prompt: 'a warmer rug', scope: 'tweak', baseImageId: first!.id });
    const [refine, fix] = await Promise.all([
      fetch(`${proxy.url}/api/designs/${designId}/refinements`, {
        method: 'POST',
        headers: { ...headers, ...refineBody.headers },
        body: new Uint8Array(refineBody.payload),
      }),
      fetch(`${proxy.url}/api/designs/${designId}/fixes`, { method: 'POST', headers }),
    ]);
    expect([refine.status, fix.status]).toEqual([201, 201]);
    const tasks = await Promise.all(
      [refine, fix].map(async (answer) => {
        const { taskId } = (await answer.json()) as { taskId: string };
        return timed(() => followStream(`${proxy.url}/api/designs/${designId}/refinements/${taskId}/events`, headers, ['complete', 'error']));
      }),
    );
    for (const task of tasks) {
      expect(task.ms).toBeGreaterThan(PROXY_READ_TIMEOUT_MS);
      expect(task.value.events.at(-1)?.event).toBe('complete');
    }
    const after = designViewAnswer.parse(await (await fetch(`${proxy.url}/api/designs/${designId}`, { headers })).json());
    expect(after.design.images.map((image) => image.kind)).toEqual(expect.arrayContaining(['refined', 'generated', 'fixed']));
    expect(proxy.cut.count).toBe(0);
  }, 400_000);
});
