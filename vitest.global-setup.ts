// Once per test run, before any test file: the migrated database template the API tests start from
// (apps/server/test/database-template.ts), dumped and as a data folder. Test files read it through the
// environment they inherit.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPostgresTemplate, makeMigratedPglite, TEMPLATE_ENV } from './apps/server/test/database-template';

export default async function setup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rv-db-template-'));
  const file = path.join(dir, 'pglite.tar');
  const folder = path.join(dir, 'pglite');
  writeFileSync(file, Buffer.from(await (await makeMigratedPglite(folder)).arrayBuffer()));
  process.env[TEMPLATE_ENV.pgliteFile] = file;
  process.env[TEMPLATE_ENV.pgliteFolder] = folder;
  const serverUrl = process.env.TEST_DATABASE_URL;
  const postgres = serverUrl ? await createPostgresTemplate(serverUrl) : undefined;
  if (postgres) process.env[TEMPLATE_ENV.postgresName] = postgres.name;
  return async () => {
    await postgres?.drop();
    rmSync(dir, { recursive: true, force: true });
  };
}
