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
