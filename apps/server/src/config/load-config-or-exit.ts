import { ConfigError, earlierDefaultDataDir, loadConfig, type Config } from './env';
import { nodeVersionProblem } from './node-line';
import { StartRefusal } from './start-refusal';

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
    const config = loadConfig();
    const earlier = earlierDefaultDataDir(config);
    if (earlier)
      console.warn(
        `DATA_DIR is ${config.DATA_DIR} (./data at the repository root), which holds no database yet; the database of earlier starts is in ${earlier}. ` +
          `Move it there (mv apps/server/data data, the server stopped) or set DATA_DIR=apps/server/data.`,
      );
    return config;
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
 * refuse an undescribed model in production when they are built), stops the process with its message too;
 * so does a start refused for another reason (StartRefusal: the embedded database held by another process).
 */
export async function exitOnConfigError<T>(start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    if (error instanceof ConfigError || error instanceof StartRefusal) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
