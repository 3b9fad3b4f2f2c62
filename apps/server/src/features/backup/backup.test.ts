import { readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { roomJpeg } from '@rv/testing/test-rooms';
import { buildApp, type App } from '../../app';
import { runOperatorCommand } from '../../cli/operator-commands';
import { loadConfig, type Config } from '../../config/env';
import { TargetNotEmptyError } from '../../db/database-backup';
import { DatabaseInUseError } from '../../db/pglite-lock';
import { roomDesigns } from '../../db/schema';
import { createStorage } from '../../storage/create-storage';
import { createUser } from '../../../test/fixtures';
import { designResults } from '../../../test/design-results';
import { freshDataDir, onServer } from '../../../test/database-template';
import { createTestDatabase, TEST_ORIGIN, TEST_PASSWORD_HASH_COST } from '../../../test/test-app';
import { createNavyDesignAndWaitDone } from '../../../test/stored-designs';
import { DamagedBackupError, restoreBackup } from './backup-archive';

/** What a design is: its row, its image rows and the bytes of every stored file. */
async function snapshot(app: App, designId: string) {
  const { db } = app.services.database;
  const [design] = await db.select().from(roomDesigns).where(eq(roomDesigns.id, designId));
  const images = (await designResults(db, designId)).all;
  const files = new Map<string, Buffer>();
  for await (const key of app.services.storage.list()) {
    const object = await app.services.storage.get(key);
    files.set(key, await buffer(object!.body));
  }
  return { design, images, files };
}

const start = (config: Config) => buildApp(config, { logger: false, jobPollingSeconds: 0.5 });

/**
 * Back up, delete, restore (ADR 060): the design, its image rows and every stored file come back
 * byte-identical, through the same code `npm run backup` and `npm run restore` run.
 */
async function backUpDeleteRestore(
  label: string,
  env: { DATABASE_URL?: string },
  replaceDatabase: () => Promise<{ DATABASE_URL?: string }>,
) {
  const dataDir = freshDataDir(`rv-backup-${label}-`);
  const archive = path.join(dataDir, 'backups', 'nightly.tar');
  const configWith = (database: { DATABASE_URL?: string }) =>
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: TEST_ORIGIN,
      PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST),
      ...database,
    });
  const config = configWith(env);
  try {
    const app = await start(config);
    let before: Awaited<ReturnType<typeof snapshot>>;
    let designId: string;
    try {
      const { id: userId } = await createUser(app.services.database.db);
      designId = await createNavyDesignAndWaitDone(app.services, userId, await roomJpeg({ width: 480, height: 360 }));
      before = await snapshot(app, designId);
      expect(before.images.length).toBeGreaterThanOrEqual(2);
      expect(before.files.size).toBeGreaterThanOrEqual(before.images.length + 1);
      // Made while the app runs, as the server does it for `npm run backup` over its operator channel.
      const made = await runOperatorCommand(app.services, 'backup', [archive]);
      expect(made).toMatchObject({ code: 0, stderr: '' });
      expect(made.stdout).toContain(`${before.files.size} files`);
      // An archive is never replaced.
      expect(await runOperatorCommand(app.services, 'backup', [archive])).toMatchObject({
        code: 1,
        stderr: expect.stringContaining('exists'),
      });
      if (!env.DATABASE_URL)
        await expect(restoreBackup(config, createStorage(config), archive, { force: true })).rejects.toBeInstanceOf(DatabaseInUseError);
    } finally {
      await app.close();
    }

    // Deleted: the database and every file.
    const restoredEnv = await replaceDatabase();
    await rm(path.join(dataDir, 'pglite'), { recursive: true, force: true });
    await rm(path.join(dataDir, 'files'), { recursive: true, force: true });
    const target = configWith(restoredEnv);

    // A damaged archive restores nothing.
    const damaged = path.join(dataDir, 'damaged.tar');
    const bytes = readFileSync(archive);
    bytes[600] = bytes[600]! ^ 0xff; // inside the first entry (the database), past its 512-byte header
    writeFileSync(damaged, bytes);
    await expect(restoreBackup(target, createStorage(target), damaged, { force: false })).rejects.toBeInstanceOf(DamagedBackupError);

    await restoreBackup(target, createStorage(target), archive, { force: false });
    // Restored over what is there only with --force.
    await expect(restoreBackup(target, createStorage(target), archive, { force: false })).rejects.toBeInstanceOf(TargetNotEmptyError);

    const restored = await start(target);
    try {
      const after = await snapshot(restored, designId);
      expect(after.design).toEqual(before.design);
      expect(after.images).toEqual(before.images);
      expect([...after.files.keys()].sort()).toEqual([...before.files.keys()].sort());
      for (const [key, body] of before.files) expect(after.files.get(key)!.equals(body), key).toBe(true);
    } finally {
      await restored.close();
    }
    // Forced, over a database and files: the same design again.
    await restoreBackup(target, createStorage(target), archive, { force: true });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

describe('backup and restore', () => {
  it('on the embedded database (PGlite): a design and its images come back byte-identical', async () => {
    await backUpDeleteRestore('pglite', {}, async () => ({}));
  }, 300_000);

  const serverUrl = process.env.TEST_DATABASE_URL;
  const dropAfter: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const drop of dropAfter) await drop();
  });
  it.runIf(serverUrl)(
    'on PostgreSQL (pg_dump and pg_restore): a design and its images come back byte-identical',
    async () => {
      const source = await createTestDatabase();
      dropAfter.push(source.drop);
      await backUpDeleteRestore('postgres', { DATABASE_URL: source.databaseUrl! }, async () => {
        await source.drop();
        // An empty database, as a new server's would be (no template: not even the migrations).
        const name = `rv_restore_${Date.now().toString(36)}`;
        await onServer(serverUrl!, (admin) => admin.query(`create database ${name}`));
        dropAfter.push(() =>
          onServer(serverUrl!, (admin) => admin.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
        );
        const url = new URL(serverUrl!);
        url.pathname = `/${name}`;
        return { DATABASE_URL: url.toString() };
      });
    },
    300_000,
  );
});
