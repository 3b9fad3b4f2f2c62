import path from 'node:path';
import type { Config } from '../config/env';
import { exitOnConfigError, loadConfigOrExit } from '../config/load-config-or-exit';
import { type Database, openDatabase } from '../db/client';
import { DatabaseInUseError } from '../db/pglite-lock';
import { createPayments } from '../payments/create-payments';
import { createStorage } from '../storage/create-storage';
import { askOperatorChannel } from './operator-channel';
import { type OperatorCommandName, type OperatorResult, runOperatorCommand, usageProblem } from './operator-commands';

/**
 * The process of `npm run admin`, `payments` or `storage`: checks its arguments, then runs the command on
 * the database it opens, or, when the server holds the embedded database, has the server run it over its
 * operator channel (ADR 053). A process holding the database without a channel (a worker, `npm run seed`)
 * refuses the command with the holder named, before anything is written. Prints what the command printed
 * and exits with its code.
 */
export async function runOperatorCli(name: OperatorCommandName, args = process.argv.slice(2)): Promise<void> {
  const problem = usageProblem(name, args);
  if (problem !== undefined) {
    console.error(problem);
    process.exit(2);
  }
  const config = loadConfigOrExit();
  const result = await exitOnConfigError(() => runWhereTheDatabaseIs(config, name, args));
  process.stdout.write(config.redactSecrets(result.stdout));
  process.stderr.write(config.redactSecrets(result.stderr));
  process.exitCode = result.code;
}

async function runWhereTheDatabaseIs(config: Config, name: OperatorCommandName, args: string[]): Promise<OperatorResult> {
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: path.join(config.DATA_DIR, 'pglite') });
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    const answer = await askOperatorChannel(config.DATA_DIR, { command: name, args });
    if (!answer) throw error;
    return answer;
  }
  try {
    return await runOperatorCommand(
      { config, database, storage: createStorage(config), payments: createPayments(config, database.db) },
      name,
      args,
    );
  } finally {
    await database.close();
  }
}
