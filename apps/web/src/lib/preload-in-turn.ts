/** How many `modulepreload` links are added in one task. */
export const PRELOADS_PER_TASK = 3;

/**
 * Asks for `scripts` in their order, a few per task (`between` ends each task): adding a `modulepreload`
 * link starts its fetch there and then, about 1-4 ms of main thread each on a phone profile at 4x CPU, and a
 * page's 30-odd links added at once were most of the first script's task (150-200 ms at 4x), which a press
 * at first paint waited behind. The fetches still start within a few short tasks, in the same order.
 */
export async function preloadInTurn(scripts: string[], between: () => Promise<void>) {
  for (let first = 0; first < scripts.length; first += PRELOADS_PER_TASK) {
    if (first > 0) await between();
    for (const href of scripts.slice(first, first + PRELOADS_PER_TASK))
      document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
  }
}
