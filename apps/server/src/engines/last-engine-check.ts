import type { EngineCheck } from './check-engines';
import type { EngineKind } from './engine-choice';

/** The last engine check this process ran (the model lists at production start, or the admin's real check), for the admin's Engines panel. */
let last: { at: Date; checks: EngineCheck[] } | undefined;

export function rememberEngineChecks(checks: EngineCheck[], at = new Date()): void {
  last = { at, checks };
}

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

/** What the last check said of the engine of this kind and model, or null when none ran for it. */
export function lastEngineCheck(kind: EngineKind, model: string) {
  const check = last?.checks.find((entry) => entry.choice.kind === kind && entry.choice.model === model);
  if (!last || !check) return null;
  return engineCheckResult(check, last.at);
}
