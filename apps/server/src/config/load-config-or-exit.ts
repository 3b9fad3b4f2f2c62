import { ConfigError, loadConfig, type Config } from './env';

/** For the process entry points: a bad configuration stops the process with a message naming the variable. */
export function loadConfigOrExit(): Config {
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
