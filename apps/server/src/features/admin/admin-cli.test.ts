import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { adminAuditLog, users } from '../../db/schema';
import { createUser } from '../../../test/fixtures';
import { freshDataDir } from '../../../test/database-template';
import { BUILD_MS, buildServerOnce, compiled, serverDir } from '../../../test/compiled-entry';

describe('npm run admin -- grant|revoke|list <email>', () => {
  let dataDir: string;
  const pgliteDir = () => path.join(dataDir, 'pglite');
  beforeAll(buildServerOnce, BUILD_MS);
  beforeAll(async () => {
    dataDir = freshDataDir('rv-admin-cli-');
    const database = await openDatabase({ pgliteDir: pgliteDir() });
    await createUser(database.db, { email: 'ops.target@example.com' });
    await database.close();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function run(args: string[], env: Record<string, string> = {}) {
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, [...compiled('src/cli/admin-cli.ts'), ...args], {
        cwd: serverDir,
        env: { ...inherited, NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }
  async function read() {
    const database = await openDatabase({ pgliteDir: pgliteDir() });
    try {
      const [user] = await database.db.select().from(users).where(eq(users.email, 'ops.target@example.com'));
      const audit = await database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetEmail, 'ops.target@example.com'));
      return { role: user!.role, actions: audit.map((a) => a.action).sort() };
    } finally {
      await database.close();
    }
  }

  it('grants and revokes the role, audited; warns when ADMIN_EMAILS would grant it again; refuses bad input', async () => {
    const granted = await run(['grant', ' Ops.Target@Example.com ']);
    expect(granted).toMatchObject({ code: 0, stdout: 'ops.target@example.com is now an admin.\n' });
    expect(await read()).toEqual({ role: 'admin', actions: ['grant-admin'] });

    expect((await run(['list'])).stdout).toBe('ops.target@example.com\n');

    const revoked = await run(['revoke', 'ops.target@example.com'], { ADMIN_EMAILS: 'ops.target@example.com' });
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toBe('ops.target@example.com is no longer an admin.\n');
    expect(revoked.stderr).toContain('listed in ADMIN_EMAILS');
    expect(await read()).toEqual({ role: 'user', actions: ['grant-admin', 'revoke-admin'] });

    expect(await run(['grant', 'nobody@example.com'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No user with that e-mail.'),
    });
    expect((await run(['promote', 'ops.target@example.com'])).code).toBe(2);
    expect((await run(['grant', 'not-an-email'])).code).toBe(2);
    expect((await read()).role).toBe('user');
  }, 60_000);
});
