import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { readJson } from '@rv/contracts/json';
import { StartRefusal } from '../config/start-refusal';

/** A lock file's text, each field optional: a file cut short by hand names what it still has. */
const lockFileHolder = z.object({ pid: z.coerce.number().int(), command: z.string().optional(), since: z.string().optional() });

/**
 * One writer per embedded database (ADR 053): the process that opens a PGlite folder holds
 * `<folder>.lock` beside it (DATA_DIR/pglite.lock), a file naming its pid and command. PGlite has no lock of
 * its own, and two processes on one folder each write their own view of it: one loses the other's writes, or
 * the folder is corrupted. The lock is taken before PGlite (or its initdb) touches the folder.
 */

/** Who holds a PGlite folder, as its lock file says. */
export interface PgliteHolder {
  pid: number;
  /** The holder's command line (node and its arguments). */
  command: string;
  /** When it took the lock (ISO 8601). */
  since: string;
}

/** The npm commands that open the database, by their entry point's file name (dist/<entry>.js, src/cli/<entry>.ts). */
const ENTRY_NAMES: Record<string, string> = {
  main: 'the server (npm start)',
  worker: 'a worker (npm run worker)',
  'admin-cli': 'npm run admin',
  'payments-cli': 'npm run payments',
  'storage-cli': 'npm run storage',
  seed: 'npm run seed',
  'migrate-cli': 'npm run db:migrate',
};

/** What the holder is, for a person: the npm command its entry point is, or its command line. */
export function describeHolder(holder: PgliteHolder): string {
  const script = holder.command.split(' ').find((part) => /\.(js|ts)$/.test(part));
  const entry = script && path.basename(script).replace(/\.(js|ts)$/, '');
  return (entry && ENTRY_NAMES[entry]) ?? holder.command;
}

/** The lock file of a PGlite folder: beside it, in the data folder. */
export const pgliteLockFile = (dir: string) => `${path.resolve(dir)}.lock`;

/** The refusal a second process meets: who holds the folder, and what to do instead. */
export class DatabaseInUseError extends StartRefusal {
  constructor(
    readonly dir: string,
    readonly holder: PgliteHolder,
  ) {
    super(
      `The embedded database in ${dir} is in use by ${describeHolder(holder)}, pid ${holder.pid} (${holder.command}), since ${holder.since}. ` +
        'An embedded database (PGlite, used when DATABASE_URL is unset) is opened by one process at a time: a second one would lose or corrupt data, so nothing was done. ' +
        `Stop that process and run this again, or set DATABASE_URL to a PostgreSQL server, which several processes share. ` +
        `If pid ${holder.pid} is not that process, delete ${pgliteLockFile(dir)}.`,
    );
    this.name = 'DatabaseInUseError';
  }
}

/** Whether a process with this pid runs (one of another user's counts: it may be the holder). */
function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock file's text, or undefined when there is none (released meanwhile). */
function readLockText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The holder a lock file names; a file that names none (cut short by hand) names a holder that is not running. */
function parseHolder(text: string): PgliteHolder {
  const holder = readJson(lockFileHolder, text);
  return { pid: holder?.pid ?? 0, command: holder?.command ?? '?', since: holder?.since ?? '?' };
}

/** A takeover guard older than this was left by a process that died taking over: it is removed. */
const GUARD_STALE_MS = 5_000;

/**
 * A lock whose holder died (a crash, a kill -9) is taken over: under a guard file made with O_EXCL, so of two
 * processes that found the same dead holder one removes its lock and the other finds the new one. The
 * caller tries to take the lock again after it.
 */
async function removeStaleLock(file: string, staleText: string): Promise<void> {
  const guard = `${file}.takeover`;
  try {
    writeFileSync(guard, String(process.pid), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const age = (() => {
      try {
        return Date.now() - statSync(guard).mtimeMs;
      } catch {
        return 0;
      }
    })();
    if (age > GUARD_STALE_MS) unlinkSync(guard);
    else await sleep(50);
    return;
  }
  try {
    // Still the same dead holder's file (not a lock another process took meanwhile)?
    if (readLockText(file) === staleText) unlinkSync(file);
  } finally {
    unlinkSync(guard);
  }
}

/**
 * Takes the lock of PGlite folder `dir` for this process, or throws DatabaseInUseError naming the running
 * process that holds it. The lock file is written whole first and linked into place (link fails when the
 * name exists), so it is taken atomically and never read half-written. Answers the release, which also
 * runs when the process exits without it.
 */
export async function lockPgliteDir(dir: string): Promise<() => void> {
  const file = pgliteLockFile(dir);
  mkdirSync(path.dirname(file), { recursive: true });
  const text = `${JSON.stringify({
    pid: process.pid,
    command: [process.argv0, ...process.argv.slice(1)].join(' '),
    since: new Date().toISOString(),
  } satisfies PgliteHolder)}\n`;
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(draft, text, { mode: 0o600 });
  try {
    for (;;) {
      try {
        linkSync(draft, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const held = readLockText(file);
      if (held === undefined) continue;
      const holder = parseHolder(held);
      if (isRunning(holder.pid)) throw new DatabaseInUseError(path.resolve(dir), holder);
      await removeStaleLock(file, held);
    }
  } finally {
    unlinkSync(draft);
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    // Only our own lock: never one another process took after ours was removed by hand.
    if (readLockText(file) === text) unlinkSync(file);
  };
  process.on('exit', release);
  return release;
}
