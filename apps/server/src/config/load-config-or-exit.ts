import { ConfigError, loadConfig, type Config } from './env';
import { nodeVersionProblem } from './node-line';

/**
 * For the process entry points: an older Node.js than the project's line, or a bad configuration, stops
 * the process with a message naming the problem.
 */
export function loadConfigOrExit(): Config {
  const nodeProblem = nodeVersionProblem(process.versions.node);
  if (nodeProblem) {
    console.error(nodeProblem);
    process.exit(1);
  }
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * For the process entry points: a setting refused past parsing, by the floor that uses it (the engines
 * refuse an undescribed model in production when they are built), stops the process with its message too.
 */
export async function exitOnConfigError<T>(start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
