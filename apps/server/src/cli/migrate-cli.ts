import path from 'node:path';
import { loadConfig } from '../config/env';
import { openDatabase } from '../db/client';

/** `npm run db:migrate`: applies the migrations to the configured database and exits. */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: path.join(config.DATA_DIR, 'pglite') });
console.log(`Migrations applied (${database.kind}).`);
await database.close();
