import type { EngineCheckAnswer } from '@rv/contracts/api/admin-engines';
import type { Config } from '../../config/env';
import { checkEngines } from '../../engines/check-engines';
import { engineCheckResult, type EngineCheckMemory } from '../../engines/engine-check-memory';

/**
 * The admin's 'Run the real check': each configured engine's provider list, then the smallest real call
 * (paid; ADR 036). What it found is remembered for the Engines panel and answered; a second press while
 * it runs waits for the same check.
 */
export async function runEngineCheck(config: Config, memory: EngineCheckMemory): Promise<EngineCheckAnswer> {
  const { at, checks } = await memory.runOnce(() => checkEngines(config));
  return {
    engines: checks.map((check) => ({ ...check.choice, check: engineCheckResult(check, at) })),
  };
}
