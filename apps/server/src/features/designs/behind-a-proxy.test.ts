import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designViewAnswer } from '@rv/contracts/api/design-view';
import { roomJpeg } from '@rv/testing/test-rooms';
import { styleLensAnalyzeAnswer } from '@rv/contracts/api/style-lens';
import { signInNewUser } from '../../../test/fixtures';
import { twoColourPhoto } from '../../../test/images';
import { followStream, startReadTimeoutProxy } from '../../../test/read-timeout-proxy';
import { createTestApp, multipart, TEST_ORIGIN } from '../../../test/test-app';
import { loadConfig } from '../../config/env';

/**
 * 30 s is what many platforms let a web app's answer be quiet or last, and the default stream window is under
 * it (the first test). The journey runs at a sixth of that scale: a proxy that cuts an answer quiet for 5 s,
 * streams that end after 4 s (EVENT_STREAM_WINDOW_MS; their keep-alive comments come twice a window); at full
 * scale the test waited ~130 s, on a test worker that could have run other files meanwhile.
 */
const PROXY_READ_TIMEOUT_MS = 5_000;
const STREAM_WINDOW_MS = 4_000;
/**
 * Every local engine call takes this long, so each piece of work below outlasts the proxy's timeout by its
 * first engine call alone: a request held for the work would be cut.
 */
const ENGINE_DELAY_MS = 5_500;

/**
 * One way to wait (ADR 066). Through a proxy that cuts an answer quiet for its read timeout, a design, a
 * refinement, Fix Room and a StyleLens analysis complete: each call answers at once, and their event streams
 * end within their window with a `reconnect` event (kept alive by comments meanwhile), followed again by the
 * client at the same URL.
 */
describe('behind a proxy with a read timeout', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let proxy: Awaited<ReturnType<typeof startReadTimeoutProxy>>;
  beforeAll(async () => {
    ctx = await createTestApp({ LOCAL_ENGINE_DELAY_MS: String(ENGINE_DELAY_MS), EVENT_STREAM_WINDOW_MS: String(STREAM_WINDOW_MS) });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    proxy = await startReadTimeoutProxy(`http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`, PROXY_READ_TIMEOUT_MS);
  });
  afterAll(async () => {
    await proxy?.close();
    await ctx?.close();
  });

  it('by default a stream ends before a 30-s proxy would cut it, with 5 s to spare', () => {
    expect(loadConfig({ DATA_DIR: tmpdir() }).EVENT_STREAM_WINDOW_MS).toBeLessThanOrEqual(25_000);
  });

  it('a design, then a refinement and Fix Room on it, and a StyleLens beside them, complete; no request is cut', async () => {
    const { cookie } = await signInNewUser(ctx.app, ctx.app.services.database.db);
    const headers = { origin: TEST_ORIGIN, cookie };
    const timed = async <T>(work: () => Promise<T>) => {
      const started = Date.now();
      const value = await work();
      return { value, ms: Date.now() - started };
    };

    // The StyleLens analysis runs beside the design (its one engine call outlasts the proxy's timeout too).
    const lensBody = multipart(
      {},
      await Promise.all(
        ['#1f2e50', '#eee0c2', '#c2643c', '#9caf88', '#1f2e50'].map(async (colour, index) => ({
          field: 'styles',
          filename: `style-${index + 1}.png`,
          data: await twoColourPhoto(colour, '#eee0c2'),
        })),
      ),
    );
    const lensStarted = await timed(() =>
      fetch(`${proxy.url}/api/stylelens/analyses`, {
        method: 'POST',
        headers: { ...headers, ...lensBody.headers },
        body: new Uint8Array(lensBody.payload),
      }),
    );
    expect(lensStarted.value.status).toBe(201);
    expect(lensStarted.ms).toBeLessThan(PROXY_READ_TIMEOUT_MS);
    const { taskId: lensTask } = (await lensStarted.value.json()) as { taskId: string };
    const lens = timed(() => followStream(`${proxy.url}/api/stylelens/analyses/${lensTask}/events`, headers, ['complete', 'error']));

    const body = multipart({ styleDescription: 'sage green', architecturalChanges: 'no' }, [
      { field: 'roomPhoto', filename: 'room.jpg', data: await roomJpeg({ width: 480, height: 360 }) },
    ]);
    const started = await timed(() =>
      fetch(`${proxy.url}/api/designs/room-design`, {
        method: 'POST',
        headers: { ...headers, ...body.headers },
        body: new Uint8Array(body.payload),
      }),
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
    // drawing (an engine call longer than the proxy's timeout) is always seen; the checks that follow take
    // milliseconds and may pass between two looks.
    expect(statuses).toContain('Analysing your photos and drawing the designs');
    for (const status of statuses)
      expect(status).toMatch(
        /^(Queued: .+|Analysing your photos and drawing the designs|Image \d of \d|Checking the architecture of image \d of \d|Writing the analysis)$/,
      );

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
        return timed(() =>
          followStream(`${proxy.url}/api/designs/${designId}/refinements/${taskId}/events`, headers, ['complete', 'error']),
        );
      }),
    );
    for (const task of tasks) {
      expect(task.ms).toBeGreaterThan(PROXY_READ_TIMEOUT_MS);
      expect(task.value.events.at(-1)?.event).toBe('complete');
    }
    const lensMade = await lens;
    expect(lensMade.ms).toBeGreaterThan(PROXY_READ_TIMEOUT_MS);
    expect(lensMade.value.connections).toBeGreaterThan(1);
    const lensEnd = lensMade.value.events.at(-1);
    expect(lensEnd?.event).toBe('complete');
    const made = styleLensAnalyzeAnswer.parse(lensEnd?.data);
    expect(made.stylePhotosStorageUrls).toHaveLength(5);
    const lensStatuses = lensMade.value.events.filter((e) => e.event === 'status').map((e) => (e.data as { message: string }).message);
    expect(lensStatuses).toContain('Finding your style in 5 photos');
    const profile = (await (await fetch(`${proxy.url}/api/user-profile`, { headers })).json()) as { styleLens: { stylelens: string } };
    expect(profile.styleLens.stylelens).toBe(made.lens);

    const after = designViewAnswer.parse(await (await fetch(`${proxy.url}/api/designs/${designId}`, { headers })).json());
    expect(after.design.images.map((image) => image.kind)).toEqual(expect.arrayContaining(['refined', 'generated', 'fixed']));
    expect(proxy.cut.count).toBe(0);
  }, 120_000);
});
