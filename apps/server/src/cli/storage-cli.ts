import path from 'node:path';
import { loadConfigOrExit } from '../config/load-config-or-exit';
import { openDatabase } from '../db/client';
import { auditStorage } from '../features/storage-audit/audit-storage';
import { createStorage } from '../storage/create-storage';

/**
 * `npm run storage -- audit`: lists every stored object (the folder under DATA_DIR, or the S3 bucket)
 * that no row refers to, then "N orphans"; objects recorded for deletion and not yet deleted are counted
 * apart (the deletion job's pending work, ADR 033). Exits 1 when there is an orphan. With PGlite (no
 * DATABASE_URL) stop the server first: its data folder is opened by one process at a time.
 */
const usage = 'Usage: npm run storage -- audit';
const [command] = process.argv.slice(2);
if (command !== 'audit') {
  console.error(usage);
  process.exit(2);
}

const config = loadConfigOrExit();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: path.join(config.DATA_DIR, 'pglite') });
try {
  const audit = await auditStorage({ database, storage: createStorage(config) });
  for (const key of audit.orphans) console.log(key);
  console.log(
    `${audit.stored} stored, ${audit.pendingDeletion.length} waiting for deletion, ${audit.orphans.length} ${audit.orphans.length === 1 ? 'orphan' : 'orphans'}`,
  );
  process.exitCode = audit.orphans.length ? 1 : 0;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
} finally {
  await database.close();
}
