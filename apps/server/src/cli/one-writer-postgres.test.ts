import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { createTestDatabase } from '../../test/test-app';
import { cookieHeader, createUser } from '../../test/fixtures';
import { BUILD_MS, buildServerOnce, compiled, serverDir } from '../../test/compiled-entry';
import { operatorSocketPath } from './operator-channel';

// One writer per embedded database (ADR 053), on PostgreSQL (DATABASE_URL): several processes share the database, so the server holds no lock
// and opens no operator channel, and the operator's commands connect themselves while it runs. Run by the
// PostgreSQL step of `npm test` (TEST_DATABASE_URL).
const BOOT_MS = 240_000;
const EMAIL = 'pg.ops@example.com';
const PASSWORD = 'a long password';

describe.runIf(process.env.TEST_DATABASE_URL)('operator commands on PostgreSQL while the server runs', () => {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(buildServerOnce, BUILD_MS);
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'rv-one-writer-pg-'));
    database = await createTestDatabase();
    const opened = await openDatabase({ databaseUrl: database.databaseUrl, pgliteDir: '' });
    await createUser(opened.db, { email: EMAIL, password: PASSWORD });
    await opened.close();
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const environment = (env: Record<string, string> = {}) => ({
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: database.databaseUrl!,
    LOG_LEVEL: 'warn',
    PASSWORD_HASH_COST: '10',
    ...env,
  });

  it(
    'npm run admin connects itself and the API sees the role at once; no lock file, no operator socket',
    async () => {
      const port = await new Promise<number>((resolve) => {
        const probe = createServer().listen(0, '127.0.0.1', () => {
          const { port: free } = probe.address() as { port: number };
          probe.close(() => resolve(free));
        });
      });
      const url = `http://127.0.0.1:${port}`;
      const child = spawn(process.execPath, compiled('src/cli/main.ts'), {
        cwd: serverDir,
        env: environment({ HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: url, LOG_LEVEL: 'info' }),
      });
      let log = '';
      child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      try {
        await expect.poll(() => log, { timeout: BOOT_MS - 60_000, interval: 200 }).toContain('Room Visualizer is serving on');
        const signIn = await fetch(`${url}/api/login/password`, {
          method: 'POST',
          headers: { origin: url, 'content-type': 'application/json' },
          body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
        });
        const cookie = cookieHeader(signIn.headers.getSetCookie());
        const me = async () => (await fetch(`${url}/api/me`, { headers: { cookie } })).json();
        expect(await me()).toEqual({ isAdmin: false });
        const granted = await promisify(execFile)(process.execPath, [...compiled('src/cli/admin-cli.ts'), 'grant', EMAIL], {
          cwd: serverDir,
          env: environment(),
        });
        expect(granted.stdout).toBe(`${EMAIL} is now an admin.\n`);
        expect(await me()).toEqual({ isAdmin: true });
        expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
        expect(existsSync(operatorSocketPath(dataDir))).toBe(false);
      } finally {
        child.kill('SIGTERM');
        expect(await exited).toBe(0);
      }
    },
    BOOT_MS,
  );
});
