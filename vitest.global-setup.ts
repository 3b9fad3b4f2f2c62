// Once per test run, before any test file: the run's own temporary folder, and the migrated database template
// the API tests start from (apps/server/test/database-template.ts), dumped and as a data folder. Test files
// read them through the environment they inherit.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPostgresTemplate, makeMigratedPglite, TEMPLATE_ENV } from './apps/server/test/database-template';

export default async function setup(): Promise<() => Promise<void>> {
  // Every folder a test makes in the temporary folder (os.tmpdir() reads TMPDIR) is made in the run's own, which
  // the run removes as it ends: the data folders of the servers the tests start (40 MB each), uploads, outboxes.
  // Before, a run left ~0.5 GB in /tmp, on a machine whose disk may have little room.
  const runDir = mkdtempSync(path.join(tmpdir(), 'rv-test-run-'));
  process.env.TMPDIR = runDir;
  const file = path.join(runDir, 'pglite.tar');
  const folder = path.join(runDir, 'pglite-template');
  writeFileSync(file, Buffer.from(await (await makeMigratedPglite(folder)).arrayBuffer()));
  process.env[TEMPLATE_ENV.pgliteFile] = file;
  process.env[TEMPLATE_ENV.pgliteFolder] = folder;
  const serverUrl = process.env.TEST_DATABASE_URL;
  const postgres = serverUrl ? await createPostgresTemplate(serverUrl) : undefined;
  if (postgres) process.env[TEMPLATE_ENV.postgresName] = postgres.name;
  return async () => {
    await postgres?.drop();
    rmSync(runDir, { recursive: true, force: true });
  };
}
