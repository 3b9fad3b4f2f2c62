import { execFile, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, lstatSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { pgliteLockFile } from '../db/pglite-lock';
import { users } from '../db/schema';
import { USER_NOT_FOUND } from '../features/admin/reset-user-credits';
import { applyPaymentEvent } from '../payments/apply-payment-event';
import { createLocalPayments } from '../payments/local/local-payments';
import { createLocalStorage } from '../storage/local-storage';
import { cookieHeader, createUser } from '../../test/fixtures';
import { freshDataDir } from '../../test/database-template';
import { BUILD_MS, buildServerOnce, compiled, freePort, serverDir, startServer as startCompiledServer } from '../../test/compiled-entry';
import { operatorSocketPath } from './operator-channel';

// One embedded database, one writer (ADR 053). The server and the operator's commands run as an operator
// runs them (the compiled entry points, each its own process) on one PGlite data folder.
beforeAll(buildServerOnce, BUILD_MS);

/** How long a test that starts the server may take (a busy machine stretches a start to tens of seconds). */
const BOOT_MS = 240_000;
const EMAIL = 'ops.target@example.com';
const PASSWORD = 'a long password';

let dataDir: string;
const pgliteDir = () => path.join(dataDir, 'pglite');
beforeEach(() => {
  dataDir = freshDataDir('rv-one-writer-');
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const { DATABASE_URL: _ignored, ...inherited } = process.env;
const environment = (env: Record<string, string> = {}) => ({
  ...inherited,
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  PASSWORD_HASH_COST: '10',
  ...env,
});

/** Runs an operator command's compiled entry point to its end. */
async function run(entry: string, args: string[] = []) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [...compiled(`src/cli/${entry}.ts`), ...args], {
      cwd: serverDir,
      env: environment(),
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Starts the server (`npm start`'s entry point) on the data folder and waits until it serves. */
const startServer = () => startCompiledServer(environment({ LOG_LEVEL: 'info' }));

/** Row counts and a checksum of every table's content (the app's tables and the migrations' record); the server stopped. */
async function contentChecksum(): Promise<Record<string, string>> {
  const database = await openDatabase({ pgliteDir: pgliteDir() });
  try {
    const { rows: tables } = await database.executeSql(
      `select table_schema || '.' || table_name as name from information_schema.tables
       where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
    );
    const sums: Record<string, string> = {};
    for (const { name } of tables as { name: string }[]) {
      const [schema, table] = name.split('.');
      const { rows } = await database.executeSql(
        `select count(*)::int as count, coalesce(md5(string_agg(t::text, E'\\n' order by t::text)), '') as sum from "${schema}"."${table}" t`,
      );
      const { count, sum } = rows[0] as { count: number; sum: string };
      sums[name] = `${count} ${sum}`;
    }
    return sums;
  } finally {
    await database.close();
  }
}

/** The pid of a process that has ended. */
const deadPid = () => Number(spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }).stdout.trim());

const inUseBy = (what: string, pid: number) => `The embedded database in ${pgliteDir()} is in use by ${what}, pid ${pid} (`;
const TO_DO = 'Stop that process and run this again, or set DATABASE_URL to a PostgreSQL server, which several processes share.';

describe('one embedded database, one writer (ADR 053)', () => {
  it(
    "while the server runs on PGlite, npm run admin, payments and storage take effect through it, seen at once by the API; a dead holder's lock did not stop its start",
    async () => {
      const database = await openDatabase({ pgliteDir: pgliteDir() });
      await createUser(database.db, { email: EMAIL, password: PASSWORD });
      // A local subscription, paid, and linked to the user as an account creation links it.
      const payments = createLocalPayments({
        db: database.db,
        publicUrl: 'http://localhost:3000',
        webhookSecret: 'x'.repeat(32),
        deliver: async (event) => {
          await applyPaymentEvent(database.db, event);
        },
      });
      const subscription = await payments.createSubscription({
        email: EMAIL,
        name: 'Ops',
        reference: randomUUID(),
        idempotencyKey: randomUUID(),
      });
      await payments.confirmCard(subscription.clientSecret, { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' });
      await database.db
        .update(users)
        .set({ stripeCustomerId: subscription.customerId, stripeSubscriptionId: subscription.subscriptionId, transformationsUsed: 7 })
        .where(eq(users.email, EMAIL));
      await database.close();
      // The lock of a server that was killed: its pid has ended.
      writeFileSync(pgliteLockFile(pgliteDir()), JSON.stringify({ pid: deadPid(), command: 'node dist/main.js', since: 'earlier' }));

      const server = await startServer();
      try {
        expect(JSON.parse(readFileSync(pgliteLockFile(pgliteDir()), 'utf8'))).toMatchObject({ pid: server.pid });
        const signIn = await fetch(`${server.url}/api/login/password`, {
          method: 'POST',
          headers: { origin: server.url, 'content-type': 'application/json' },
          body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
        });
        expect(signIn.status).toBe(200);
        const cookie = cookieHeader(signIn.headers.getSetCookie());
        const api = async (route: string) =>
          (await (await fetch(`${server.url}${route}`, { headers: { cookie } })).json()) as Record<string, unknown>;
        expect(await api('/api/me')).toEqual({ isAdmin: false });

        expect(await run('admin-cli', ['grant', EMAIL])).toEqual({ code: 0, stdout: `${EMAIL} is now an admin.\n`, stderr: '' });
        expect(await api('/api/me')).toEqual({ isAdmin: true });
        expect(await run('admin-cli', ['list'])).toEqual({ code: 0, stdout: `${EMAIL}\n`, stderr: '' });
        expect(await run('admin-cli', ['revoke', EMAIL])).toEqual({ code: 0, stdout: `${EMAIL} is no longer an admin.\n`, stderr: '' });
        expect(await api('/api/me')).toEqual({ isAdmin: false });
        expect(await run('admin-cli', ['grant', 'nobody@example.com'])).toEqual({ code: 1, stdout: '', stderr: `${USER_NOT_FOUND}\n` });
        // Bad arguments are refused by the command itself, before it asks anything.
        expect((await run('admin-cli', ['promote', EMAIL])).code).toBe(2);

        expect((await api('/api/user-profile')).transformationsUsed).toBe(7);
        const renewed = await run('payments-cli', ['renew', EMAIL]);
        expect(renewed).toEqual({
          code: 0,
          stdout: expect.stringMatching(/^ops\.target@example\.com: active, next billing date \d{4}-\d\d-\d\d\n$/),
          stderr: '',
        });
        expect((await api('/api/user-profile')).transformationsUsed).toBe(0);

        expect(await run('storage-cli', ['audit'])).toEqual({
          code: 0,
          stdout: '0 stored, 0 waiting for deletion, 0 orphans\n',
          stderr: '',
        });
        // An orphan the server's store holds is named by the audit the server ran.
        await createLocalStorage(path.join(dataDir, 'files')).put(
          'designs/planted/orphan.webp',
          Buffer.from('nobody refers to me'),
          'image/webp',
        );
        expect(await run('storage-cli', ['audit'])).toEqual({
          code: 1,
          stdout: 'designs/planted/orphan.webp\n1 stored, 0 waiting for deletion, 1 orphan\n',
          stderr: '',
        });
      } finally {
        expect(await server.stop()).toBe(0);
      }
      expect(server.output.log).not.toMatch(/"level":(50|60)/);
      // The server let go of the folder and its channel.
      expect(existsSync(pgliteLockFile(pgliteDir()))).toBe(false);
      expect(existsSync(operatorSocketPath(dataDir))).toBe(false);
    },
    BOOT_MS,
  );

  it(
    'while the server runs, a second server, npm run seed and npm run db:migrate refuse before writing anything, naming the server and what to do; row counts and checksum unchanged',
    async () => {
      const database = await openDatabase({ pgliteDir: pgliteDir() });
      await createUser(database.db, { email: EMAIL });
      await database.close();
      const before = await contentChecksum();

      const server = await startServer();
      try {
        const port = await freePort();
        const second = spawnSync(process.execPath, compiled('src/cli/main.ts'), {
          cwd: serverDir,
          env: environment({ HOST: '127.0.0.1', PORT: String(port) }),
          encoding: 'utf8',
          timeout: 120_000,
        });
        expect(second.status).toBe(1);
        expect(second.stderr).toContain(inUseBy('the server (npm start)', server.pid));
        expect(second.stderr).toContain(TO_DO);
        expect(second.stderr).not.toContain('    at ');
        for (const entry of ['seed', 'migrate-cli']) {
          const refused = await run(entry);
          expect(refused.code).toBe(1);
          expect(refused.stdout).toBe('');
          expect(refused.stderr).toContain(inUseBy('the server (npm start)', server.pid));
          expect(refused.stderr).toContain(TO_DO);
        }
        // The first server still holds the folder and serves.
        expect(JSON.parse(readFileSync(pgliteLockFile(pgliteDir()), 'utf8'))).toMatchObject({ pid: server.pid });
        expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      } finally {
        expect(await server.stop()).toBe(0);
      }
      expect(await contentChecksum()).toEqual(before);
    },
    BOOT_MS,
  );

  it('a process holding the database without an operator channel (npm run seed running) makes admin, payments and storage refuse, naming it; nothing is written', async () => {
    const database = await openDatabase({ pgliteDir: pgliteDir() });
    await createUser(database.db, { email: EMAIL });
    await database.close();
    const before = await contentChecksum();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120_000)']);
    try {
      writeFileSync(pgliteLockFile(pgliteDir()), JSON.stringify({ pid: holder.pid, command: 'node dist/seed.js', since: 'now' }));
      for (const [entry, args] of [
        ['admin-cli', ['grant', EMAIL]],
        ['payments-cli', ['renew', EMAIL]],
        ['storage-cli', ['audit']],
      ] as const) {
        const refused = await run(entry, [...args]);
        expect(refused.code).toBe(1);
        expect(refused.stdout).toBe('');
        expect(refused.stderr).toContain(inUseBy('npm run seed', holder.pid!));
        expect(refused.stderr).toContain(TO_DO);
      }
    } finally {
      holder.kill();
      rmSync(pgliteLockFile(pgliteDir()));
    }
    expect(await contentChecksum()).toEqual(before);
  }, 120_000);

  it(
    "a server killed outright (as Playwright ends the browser tests' server) leaves a lock the next command takes over: npm run storage -- audit reads the folder after it, as npm test's last step does",
    async () => {
      const server = await startServer();
      await server.stop('SIGKILL');
      expect(JSON.parse(readFileSync(pgliteLockFile(pgliteDir()), 'utf8'))).toMatchObject({ pid: server.pid });
      expect(await run('storage-cli', ['audit'])).toEqual({ code: 0, stdout: '0 stored, 0 waiting for deletion, 0 orphans\n', stderr: '' });
      expect(existsSync(pgliteLockFile(pgliteDir()))).toBe(false);
    },
    BOOT_MS,
  );

  it('a relative DATA_DIR is read from the repository root, whatever the working directory npm gives the command (npm run db:migrate, then npm run admin)', async () => {
    const root = path.resolve(serverDir, '../..');
    const relative = `.data-one-writer-${process.pid}`;
    try {
      // As `npm run db:migrate` runs it: scripts/run-built.ts, which starts the command in apps/server.
      const migrated = spawnSync(process.execPath, [path.join(root, 'scripts', 'run-built.ts'), 'migrate-cli'], {
        cwd: tmpdir(),
        env: environment({ DATA_DIR: relative }),
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(migrated.stdout).toContain('Migrations applied (pglite).\n');
      expect(existsSync(path.join(root, relative, 'pglite', 'PG_VERSION'))).toBe(true);
      expect(existsSync(path.join(serverDir, relative))).toBe(false);
      const admin = spawnSync(process.execPath, [...compiled('src/cli/admin-cli.ts'), 'grant', EMAIL], {
        cwd: serverDir,
        env: environment({ DATA_DIR: relative }),
        encoding: 'utf8',
      });
      expect(admin.stderr).toBe(`${USER_NOT_FOUND}\n`);
      expect(existsSync(path.join(serverDir, relative))).toBe(false);
    } finally {
      rmSync(path.join(root, relative), { recursive: true, force: true });
      rmSync(path.join(serverDir, relative), { recursive: true, force: true });
    }
  }, 180_000);

  it(
    "the operator channel is a Unix socket only the server's user reaches: folder 0700, socket 0600; another user is refused",
    async () => {
      // The data folder open to all, so that only the channel's own folder keeps others out.
      chmodSync(dataDir, 0o755);
      const server = await startServer();
      try {
        const socket = operatorSocketPath(dataDir);
        expect(lstatSync(socket).isSocket()).toBe(true);
        expect(lstatSync(socket).mode & 0o777).toBe(0o600);
        expect(lstatSync(path.dirname(socket)).mode & 0o777).toBe(0o700);
        expect(lstatSync(path.dirname(socket)).uid).toBe(process.getuid!());
        // Another user (nobody) cannot connect: tried when the tests run as root, which may become them.
        if (process.getuid!() === 0) {
          const other = spawnSync(
            process.execPath,
            [
              '-e',
              `require('node:net').createConnection(process.argv[1]).on('connect', () => { console.log('connected'); process.exit(0); }).on('error', (e) => console.log(e.code));`,
              socket,
            ],
            { uid: 65534, gid: 65534, encoding: 'utf8' },
          );
          expect(other.stdout.trim()).toBe('EACCES');
        }
        // A request the channel does not know is refused; nothing runs.
        const answer = await new Promise<string>((resolve) => {
          let text = '';
          const connection = createConnection(socket);
          connection.on('connect', () => connection.write('{"command":"seed","args":[]}\n'));
          connection.on('data', (chunk: Buffer) => (text += chunk.toString()));
          connection.on('close', () => resolve(text));
        });
        expect(JSON.parse(answer)).toEqual({ code: 2, stdout: '', stderr: 'The server did not understand the request.\n' });
      } finally {
        expect(await server.stop()).toBe(0);
      }
    },
    BOOT_MS,
  );
});
