import type { EngineCheck } from './check-engines';
import type { EngineKind } from './engine-choice';

/** The last engine check this process ran (at production start), for the admin's 'Engines and costs' view. */
let last: { at: Date; checks: EngineCheck[] } | undefined;

export function rememberEngineChecks(checks: EngineCheck[], at = new Date()): void {
  last = { at, checks };
}

/** What the last check said of the engine of this kind and model, or null when none ran for it. */
export function lastEngineCheck(kind: EngineKind, model: string) {
  const check = last?.checks.find((entry) => entry.choice.kind === kind && entry.choice.model === model);
  if (!last || !check) return null;
  return {
    at: last.at.toISOString(),
    ok: check.ok,
    said: check.error ?? null,
    suggestions: check.refused?.suggestions ?? [],
    warnings: check.warnings,
  };
}
