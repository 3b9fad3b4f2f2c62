import { afterEach, describe, expect, it } from 'vitest';
import { setImageSlots, withImageSlot } from './image-slots';

/**
 * Runs `count` pieces of work that each hold their slot until the test releases it, one at a time, and
 * reports the most that ran at once. No clock: the test waits for the next piece to start, never for a time.
 */
async function mostAtOnce(count: number): Promise<number> {
  let running = 0;
  let most = 0;
  const holding: (() => void)[] = [];
  let started = () => {};
  const works = Array.from({ length: count }, () =>
    withImageSlot(async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((release) => {
        holding.push(release);
        started();
      });
      running -= 1;
    }),
  );
  for (let released = 0; released < count; released += 1) {
    if (!holding.length) await new Promise<void>((resolve) => (started = resolve));
    holding.shift()!();
  }
  await Promise.all(works);
  return most;
}

describe('image slots', () => {
  afterEach(() => setImageSlots(2));

  it('runs two pieces of image work at once by default, the others waiting their turn', async () => {
    expect(await mostAtOnce(5)).toBe(2);
  });

  it('runs one at a time in a web process (setImageSlots(1)), and every piece still runs', async () => {
    setImageSlots(1);
    expect(await mostAtOnce(4)).toBe(1);
  });

  it('a failed piece gives its slot back', async () => {
    setImageSlots(1);
    await expect(withImageSlot(() => Promise.reject(new Error('broken image')))).rejects.toThrow('broken image');
    expect(await withImageSlot(() => Promise.resolve('next'))).toBe('next');
  });
});
