import { afterEach, describe, expect, it } from 'vitest';
import { PRELOADS_PER_TASK, preloadInTurn } from './preload-in-turn';

const preloaded = () => Array.from(document.querySelectorAll('link[rel="modulepreload"]'), (link) => link.getAttribute('href'));

afterEach(() => {
  document.head.innerHTML = '';
});

describe('preloadInTurn', () => {
  it(`asks for the scripts in their order, ${PRELOADS_PER_TASK} per task: the first at once, the next only after each yield`, async () => {
    const scripts = Array.from({ length: 7 }, (_, n) => `/assets/s${n}.js`);
    const yields: (() => void)[] = [];
    const done = preloadInTurn(scripts, () => new Promise<void>((resolve) => yields.push(resolve)));
    // 7 scripts at 3 a task: 3 at once, 3 after the first yield, the last after the second.
    expect(preloaded()).toEqual(scripts.slice(0, 3));
    for (const [before, after] of [
      [3, 6],
      [6, 7],
    ]) {
      await expect.poll(() => yields.length).toBe(1);
      expect(preloaded()).toHaveLength(before!);
      yields.shift()!();
      await expect.poll(() => preloaded().length).toBe(after);
    }
    await done;
    expect(preloaded()).toEqual(scripts);
  });
});
