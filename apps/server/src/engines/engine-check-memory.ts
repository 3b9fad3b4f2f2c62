import type { EngineCheck } from './check-engines';
import type { EngineKind } from './engine-choice';

/** One engine's check as the admin reads it. */
export function engineCheckResult(check: EngineCheck, at: Date) {
  return {
    at: at.toISOString(),
    realCall: check.depth === 'call',
    ok: check.ok,
    latencyMs: check.latencyMs,
    imageSize: check.imageSize ?? null,
    said: check.error ?? null,
    suggestions: check.refused?.suggestions ?? [],
    warnings: check.warnings,
  };
}

/**
 * The last engine check an app ran (the model lists at production start, or the admin's real check), for
 * the admin's Engines panel, and the real check under way: one per app (the composition root makes it),
 * so that two apps in one process (the API tests) never read each other's.
 */
export function createEngineCheckMemory() {
  let last: { at: Date; checks: EngineCheck[] } | undefined;
  let running: Promise<{ at: Date; checks: EngineCheck[] }> | undefined;
  return {
    remember(checks: EngineCheck[], at = new Date()): void {
      last = { at, checks };
    },
    /** What the last check said of the engine of this kind and model, or null when none ran for it. */
    lastFor(kind: EngineKind, model: string) {
      const check = last?.checks.find((entry) => entry.choice.kind === kind && entry.choice.model === model);
      if (!last || !check) return null;
      return engineCheckResult(check, last.at);
    },
    /** Runs `check` and remembers what it found; a second call while one runs waits for the same one (one paid call, not two). */
    runOnce(check: () => Promise<EngineCheck[]>): Promise<{ at: Date; checks: EngineCheck[] }> {
      running ??= check()
        .then((checks) => {
          const at = new Date();
          last = { at, checks };
          return { at, checks };
        })
        .finally(() => {
          running = undefined;
        });
      return running;
    },
  };
}

export type EngineCheckMemory = ReturnType<typeof createEngineCheckMemory>;
