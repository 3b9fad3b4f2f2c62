import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { z } from 'zod';
import { readJson } from '@rv/contracts/json';
import { openDatabase } from './client';
import { DatabaseInUseError, lockPgliteDir, pgliteLockFile } from './pglite-lock';

let dataDir: string;
let pgliteDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'rv-pglite-lock-'));
  pgliteDir = path.join(dataDir, 'pglite');
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** The pid of a process that has ended. */
function deadPid(): number {
  const ended = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(ended.stdout.trim());
}

const holderOf = () => readJson(z.object({ pid: z.number(), command: z.string() }), readFileSync(pgliteLockFile(pgliteDir), 'utf8'))!;

it('a second taker is refused with the holder named (pid, what it is) and what to do; the release frees the folder', async () => {
  const release = await lockPgliteDir(pgliteDir);
  expect(holderOf().pid).toBe(process.pid);
  const refused = await lockPgliteDir(pgliteDir).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(DatabaseInUseError);
  const message = (refused as Error).message;
  expect(message).toContain(`The embedded database in ${pgliteDir} is in use by `);
  expect(message).toContain(`pid ${process.pid} (${holderOf().command})`);
  expect(message).toContain('Stop that process and run this again, or set DATABASE_URL to a PostgreSQL server');
  release();
  expect(existsSync(pgliteLockFile(pgliteDir))).toBe(false);
  (await lockPgliteDir(pgliteDir))();
  // Nothing is left beside the lock: no draft, no takeover guard.
  expect(readdirSync(dataDir)).toEqual([]);
});

it("names an npm command by its entry point: the server's lock says 'the server (npm start)'", () => {
  const error = new DatabaseInUseError('/data/pglite', { pid: 4242, command: 'node --enable-source-maps dist/main.js', since: 'then' });
  expect(error.message).toContain('is in use by the server (npm start), pid 4242 (node --enable-source-maps dist/main.js)');
});

it("a dead holder's lock is taken over; of several takers at once exactly one gets it", async () => {
  writeFileSync(pgliteLockFile(pgliteDir), JSON.stringify({ pid: deadPid(), command: 'node dist/main.js', since: 'earlier' }));
  const takers = await Promise.allSettled(Array.from({ length: 5 }, () => lockPgliteDir(pgliteDir)));
  const taken = takers.filter((taker) => taker.status === 'fulfilled');
  expect(taken).toHaveLength(1);
  expect(takers.filter((taker) => taker.status === 'rejected').map((taker) => taker.reason)).toEqual(
    Array.from({ length: 4 }, () => expect.any(DatabaseInUseError)),
  );
  expect(holderOf().pid).toBe(process.pid);
  taken[0]!.value();
  expect(readdirSync(dataDir)).toEqual([]);
});

it('a lock file that names no holder (cut short) is taken over', async () => {
  writeFileSync(pgliteLockFile(pgliteDir), '{"pid":');
  const release = await lockPgliteDir(pgliteDir);
  expect(holderOf().pid).toBe(process.pid);
  release();
});

it('a running holder in another process keeps the folder: openDatabase refuses before PGlite makes or opens it', async () => {
  const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
  try {
    writeFileSync(pgliteLockFile(pgliteDir), JSON.stringify({ pid: holder.pid, command: 'node dist/seed.js', since: 'now' }));
    const refused = await openDatabase({ pgliteDir }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DatabaseInUseError);
    expect((refused as Error).message).toContain(`is in use by npm run seed, pid ${holder.pid}`);
    expect(existsSync(pgliteDir)).toBe(false);
    expect(holderOf().pid).toBe(holder.pid);
  } finally {
    holder.kill();
  }
});

it('openDatabase holds the folder until it is closed', async () => {
  const database = await openDatabase({ pgliteDir });
  try {
    expect(holderOf().pid).toBe(process.pid);
    await expect(openDatabase({ pgliteDir })).rejects.toBeInstanceOf(DatabaseInUseError);
  } finally {
    await database.close();
  }
  expect(existsSync(pgliteLockFile(pgliteDir))).toBe(false);
  await (await openDatabase({ pgliteDir })).close();
}, 60_000);
