// What a long test run (the cluster test, the image test) sets up, undone once whichever way the run ends.

/** Steps that undo a run's set-up: `undo` runs them once, the last added first; a step that fails is said and the others still run. */
export function teardown() {
  const steps: (() => unknown)[] = [];
  let undoing: Promise<void> | undefined;
  return {
    add(step: () => unknown) {
      steps.push(step);
    },
    undo(): Promise<void> {
      undoing ??= (async () => {
        for (const step of steps.reverse()) {
          try {
            await step();
          } catch (error) {
            console.error('cleanup:', error);
          }
        }
      })();
      return undoing;
    },
  };
}

export type Teardown = ReturnType<typeof teardown>;

/**
 * Undoes the run's set-up and exits at SIGINT (130), SIGTERM (143) or when the run outlasts its time limit
 * (1, saying `overTime`). Answers the time limit's timer, which the run clears when it ends in time.
 */
export function undoOnInterrupt(steps: Teardown, limit: { ms: number; overTime: string }): NodeJS.Timeout {
  const abort = async (reason: string, code: number) => {
    console.error(`\n${reason}`);
    await steps.undo();
    process.exit(code);
  };
  process.once('SIGINT', () => void abort('interrupted', 130));
  process.once('SIGTERM', () => void abort('terminated', 143));
  return setTimeout(() => void abort(limit.overTime, 1), limit.ms);
}
