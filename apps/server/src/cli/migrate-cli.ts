import path from 'node:path';
import { exitOnConfigError, loadConfigOrExit } from '../config/load-config-or-exit';
import { openDatabase } from '../db/client';

/** `npm run db:migrate`: applies the migrations to the configured database and exits. */
const config = loadConfigOrExit();
// Refused, before anything is written, while another process holds the embedded database (ADR 053).
const database = await exitOnConfigError(() =>
  openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: path.join(config.DATA_DIR, 'pglite') }),
);
console.log(`Migrations applied (${database.kind}).`);
await database.close();
