import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { briefWith } from '../../../test/engine-fixtures';
import { createLocalImageEngine } from '../local/local-image-engine';
import type { RedesignInput } from '../image-engine';
import { closePixelPool } from './pixel-pool';

const brief = briefWith({ styleDescription: 'Scandinavian, warm oak and sage green' });
const options = { requestKey: 'job-1:design' };

/** A 12-megapixel photo: grading one variation of it in JavaScript takes the better part of a second. */
let bigRoom: Buffer;
const redesignOf = (room: Buffer, count: number): RedesignInput => ({
  prompt: 'p',
  brief,
  room: { role: 'room', data: room, mimeType: 'image/jpeg' },
  references: [],
  count,
});

/**
 * The main thread's own CPU time while `work` ran, in ms (Linux: the thread's time on a CPU from its
 * schedstat; the main thread's id is the process id). Unlike the event loop's busy time or the gap
 * between two timers, a machine busy with other processes does not stretch it: a thread waiting for a
 * core uses none. Threads (the pixel thread, libvips, the garbage collector's helpers) are not counted.
 */
async function mainThreadCpu(work: () => Promise<unknown>): Promise<number> {
  const cpuNs = () => Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]);
  const before = cpuNs();
  await work();
  return (cpuNs() - before) / 1e6;
}

beforeAll(async () => {
  bigRoom = await sharp({
    create: { width: 4000, height: 3000, channels: 3, background: '#9a8672', noise: { type: 'gaussian', mean: 120, sigma: 40 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
});
afterAll(closePixelPool);

describe('pixel threads', () => {
  it('a local redesign of a large photo runs off the main thread, which stays responsive', async () => {
    const engine = createLocalImageEngine();
    let images = 0;
    const busy = await mainThreadCpu(async () => {
      images = (await engine.redesign(redesignOf(bigRoom, 1), options)).images.length;
    });
    expect(images).toBe(1);
    // Graded on the main thread, the variation took it about 0.8 s of CPU.
    expect(busy).toBeLessThan(200);
  });

  it("a call cancelled while its thread works fails with the signal's reason, and the next call is served", async () => {
    const engine = createLocalImageEngine();
    const controller = new AbortController();
    const cancelled = engine.redesign(redesignOf(bigRoom, 4), { ...options, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('attempt timed out')), 300);
    await expect(cancelled).rejects.toThrow('attempt timed out');
    const small = await sharp(bigRoom).resize(400).jpeg().toBuffer();
    const { images } = await engine.redesign(redesignOf(small, 1), options);
    expect((await sharp(images[0]?.data).metadata()).width).toBe(400);
  });
});
