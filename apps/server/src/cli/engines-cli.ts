import { exitOnConfigError, loadConfigOrExit } from '../config/load-config-or-exit';
import { closePixelPool } from '../engines/pixel-threads/pixel-pool';
import { checkEngines, formatEngineChecks } from '../engines/check-engines';

/**
 * `npm run engines -- check`: each provider's own list of models first (a model it does not list is
 * refused with the service's answer and the listed models of the same kind; a deprecated one is a
 * warning with its date), then the smallest real call to each configured engine (IMAGE_ENGINE,
 * VISION_ENGINE and their models), printing per engine the model, whether it answered, the service's
 * own error, the latency and the size of the image returned. Exits 1 when one did not answer.
 */
const [command] = process.argv.slice(2);
if (command !== 'check') {
  console.error('Usage: npm run engines -- check');
  process.exit(2);
}
const config = loadConfigOrExit();
const checks = await exitOnConfigError(() => checkEngines(config));
console.log(formatEngineChecks(checks));
await closePixelPool();
process.exit(checks.every((check) => check.ok) ? 0 : 1);
