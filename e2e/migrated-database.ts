import path from 'node:path';

/**
 * Where the browser tests' server keeps a copy of its database as migrated, before any row (e2e/e2e-server.ts):
 * each spec's own server (e2e/seeded-server.ts) starts from a copy of it, where making and migrating one took
 * ~8 s of CPU a server.
 */
export const migratedDatabaseCopy = (e2eDataDir: string) => path.join(e2eDataDir, 'pglite-migrated');
