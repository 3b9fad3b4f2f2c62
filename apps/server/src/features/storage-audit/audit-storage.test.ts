import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { roomDesigns, users } from '../../db/schema';
import { roomJpeg } from '@rv/testing/test-rooms';
import { generateDesign } from '../designs/creation/generate-design';
import { plainBrief } from '../../../test/fixtures';
import { freshDataDir } from '../../../test/database-template';
import { insertDesignWithStoredRoom } from '../../../test/stored-designs';
import { requestObjectDeletions } from '../../jobs/delete-objects-job';
import { createLocalStorage } from '../../storage/local-storage';
import { recordObjectDeletions } from '../../storage/object-deletions';
import { createUser } from '../../../test/fixtures';
import { deletionsSettled } from '../../../test/object-deletions';
import { createTestApp } from '../../../test/test-app';
import { BUILD_MS, buildServerOnce, compiled, serverDir } from '../../../test/compiled-entry';
import { auditStorage } from './audit-storage';

describe('the storage audit', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('reports 0 orphans for a made design, names a planted object, and counts a recorded deletion apart', async () => {
    const { db } = ctx.app.services.database;
    const { designId } = await insertDesignWithStoredRoom(ctx.app.services, {
      idPrefix: 'audited',
      room: await roomJpeg(),
      brief: plainBrief('sage'),
    });
    await generateDesign(ctx.app.services, designId);
    const [design] = await db.select().from(roomDesigns).where(eq(roomDesigns.id, designId));
    expect(design?.status).toBe('done');

    const clean = await auditStorage(ctx.app.services);
    // The room photo, the two results (each with a thumbnail) and the manifest.
    expect(clean.stored).toBeGreaterThanOrEqual(7);
    expect(clean).toMatchObject({ orphans: [], pendingDeletion: [] });

    const { storage } = ctx.app.services;
    await storage.put('designs/planted/orphan.webp', Buffer.from('nobody refers to me'), 'image/webp');
    await storage.put('designs/planted/going.webp', Buffer.from('recorded for deletion'), 'image/webp');
    await recordObjectDeletions(db, ['designs/planted/going.webp']);
    const planted = await auditStorage(ctx.app.services);
    expect(planted.orphans).toEqual(['designs/planted/orphan.webp']);
    expect(planted.pendingDeletion).toEqual(['designs/planted/going.webp']);
    // The deletion job, once asked, deletes what was recorded; the orphan is the operator's to remove.
    await requestObjectDeletions(ctx.app.services.jobs);
    await deletionsSettled(ctx.app);
    expect(await storage.get('designs/planted/going.webp')).toBeNull();
    await storage.delete('designs/planted/orphan.webp');
    expect(await auditStorage(ctx.app.services)).toMatchObject({ orphans: [], pendingDeletion: [] });
  }, 120_000);
});

describe('npm run storage -- audit', () => {
  let dataDir: string;
  beforeAll(buildServerOnce, BUILD_MS);
  beforeAll(async () => {
    dataDir = freshDataDir('rv-storage-cli-');
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    const { id } = await createUser(database.db, { email: 'audited@example.com' });
    await database.db
      .update(users)
      .set({ avatarKey: `avatars/${id}/a.webp` })
      .where(eq(users.id, id));
    await database.close();
    await createLocalStorage(path.join(dataDir, 'files')).put(`avatars/${id}/a.webp`, Buffer.from('avatar'), 'image/webp');
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function run(args: string[]) {
    const { DATABASE_URL: _ignored, STORAGE: _storage, ...inherited } = process.env;
    try {
      const { stdout } = await promisify(execFile)(process.execPath, [...compiled('src/cli/storage-cli.ts'), ...args], {
        cwd: serverDir,
        env: { ...inherited, NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      });
      return { code: 0, stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string };
      return { code: failed.code, stdout: failed.stdout };
    }
  }

  it('prints "0 orphans" and exits 0 on a clean store; lists a planted orphan and exits 1', async () => {
    expect(await run(['audit'])).toEqual({ code: 0, stdout: '1 stored, 0 waiting for deletion, 0 orphans\n' });
    await createLocalStorage(path.join(dataDir, 'files')).put('designs/left/behind.webp', Buffer.from('left'), 'image/webp');
    expect(await run(['audit'])).toEqual({ code: 1, stdout: 'designs/left/behind.webp\n2 stored, 0 waiting for deletion, 1 orphan\n' });
    expect((await run([])).code).toBe(2);
  }, 120_000);
});
