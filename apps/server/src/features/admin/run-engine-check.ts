import type { EngineCheckAnswer } from '@rv/contracts/api/admin-engines';
import type { Config } from '../../config/env';
import { checkEngines, type EngineCheck } from '../../engines/check-engines';
import { engineCheckResult, rememberEngineChecks } from '../../engines/last-engine-check';

/** The check under way in this process: a second press while it runs waits for the same one (one paid call, not two). */
let running: Promise<{ at: Date; checks: EngineCheck[] }> | undefined;

/**
 * The admin's 'Run the real check': each configured engine's provider list, then the smallest real call
 * (paid; ADR 036). What it found is remembered for the Engines panel and answered.
 */
export async function runEngineCheck(config: Config): Promise<EngineCheckAnswer> {
  running ??= checkEngines(config)
    .then((checks) => {
      const at = new Date();
      rememberEngineChecks(checks, at);
      return { at, checks };
    })
    .finally(() => {
      running = undefined;
    });
  const { at, checks } = await running;
  return {
    engines: checks.map((check) => ({ ...check.choice, check: engineCheckResult(check, at) })),
  };
}
