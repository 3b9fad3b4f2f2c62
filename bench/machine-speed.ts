// The machine's speed, as Lighthouse measures it (its benchmark index: Lighthouse's own page function, run in a
// fresh page of the bench's browser, unthrottled): printed beside a timed budget, so that a figure read on one
// machine can be compared with one read on another (issue 51: a budget met on one machine of a kind and missed
// on another). The lighthouse bench prints the same index from each of its runs.
import type { Browser } from '@playwright/test';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { median } from './median';

/** Lighthouse's benchmark index in `runs` fresh pages of `browser`: the median and each run's. */
export async function benchmarkIndex(browser: Browser, runs = 3): Promise<{ median: number; runs: number[] }> {
  const indexes: number[] = [];
  for (let run = 0; run < runs; run++) {
    const page = await browser.newPage();
    indexes.push(Math.round(await page.evaluate(pageFunctions.computeBenchmarkIndex)));
    await page.close();
  }
  return { median: Math.round(median(indexes)), runs: indexes };
}

/** How a bench says it: "benchmark index 2801 (runs 2790 2801 2815)". */
export const describeSpeed = ({ median: index, runs }: { median: number; runs: number[] }) =>
  `benchmark index ${index} (runs ${runs.join(' ')})`;
