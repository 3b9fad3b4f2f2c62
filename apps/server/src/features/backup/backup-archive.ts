import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import { z } from 'zod';
import { readJson } from '@rv/contracts/json';
import type { Config } from '../../config/env';
import { PGLITE_DUMP, POSTGRES_DUMP, restorePglite, restorePostgres, TargetNotEmptyError } from '../../db/database-backup';
import type { Database } from '../../db/client';
import type { Storage } from '../../storage/storage';

/**
 * One backup is one tar archive (ADR 060): `database/<dump>` (PGlite's folder or pg_dump's custom
 * format), `files/<n>` (each stored object), and `manifest.json` last, naming every entry with its size
 * and SHA-256 (and each file's storage key and type). A restore checks every entry against it before it
 * writes anything.
 */
export const BACKUP_FORMAT = 'room-visualizer-backup';
const MANIFEST = 'manifest.json';

const entry = z.object({ path: z.string(), size: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) });
const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(1),
  createdAt: z.string(),
  database: entry.extend({ kind: z.enum(['pglite', 'postgres']) }),
  files: z.array(entry.extend({ key: z.string(), contentType: z.string() })),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** Adds up the bytes and the SHA-256 of what passes through. */
function measuring() {
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { tap, result: () => ({ size, sha256: hash.digest('hex') }) };
}

/**
 * Writes a backup of the database and every stored object to `archive` (a new file: an existing one is
 * never replaced). Written under a temporary name and renamed at the end, so a backup cut short leaves no
 * archive that looks whole. Answers its manifest.
 */
export async function writeBackup(services: { database: Database; storage: Storage }, archive: string): Promise<BackupManifest> {
  if (existsSync(archive)) throw new Error(`${archive} exists: a backup never replaces a file. Name a new one.`);
  await mkdir(path.dirname(archive), { recursive: true });
  const partial = `${archive}.partial`;
  const spool = `${archive}.database.partial`;
  const pack = tar.pack();
  const written = pipeline(pack, createWriteStream(partial, { mode: 0o600 }));
  const add = async (name: string, size: number, body: Readable) => {
    const measure = measuring();
    await pipeline(body, measure.tap, pack.entry({ name, size, mode: 0o600 }));
    return { path: name, ...measure.result() };
  };
  try {
    // The dump first (its size must be known before its entry is written), then the objects as they are now:
    // an object made after the dump is only an extra file; rows never point at what the archive lacks.
    const dump = await services.database.dump();
    await pipeline(dump.body, createWriteStream(spool, { mode: 0o600 }));
    const database = {
      kind: dump.name === PGLITE_DUMP ? ('pglite' as const) : ('postgres' as const),
      ...(await add(`database/${dump.name}`, (await stat(spool)).size, createReadStream(spool))),
    };
    const files: BackupManifest['files'] = [];
    for await (const key of services.storage.list()) {
      const object = await services.storage.get(key);
      if (!object) continue; // deleted since it was listed
      const added = await add(`files/${String(files.length + 1).padStart(6, '0')}`, object.size, object.body);
      files.push({ ...added, key, contentType: object.contentType });
    }
    const manifest: BackupManifest = { format: BACKUP_FORMAT, version: 1, createdAt: new Date().toISOString(), database, files };
    pack.entry({ name: MANIFEST, mode: 0o600 }, JSON.stringify(manifest, null, 2));
    pack.finalize();
    await written;
    await rename(partial, archive);
    return manifest;
  } catch (error) {
    pack.destroy();
    await written.catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(spool, { force: true });
  }
}

/** A restore that does not fit this configuration: nothing was restored. */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

/** An archive that is not a whole backup of ours: nothing was restored. */
export class DamagedBackupError extends Error {
  constructor(detail: string) {
    super(`The backup is damaged or not one of ours (${detail}): nothing was restored.`);
    this.name = 'DamagedBackupError';
  }
}

/** Extracts the archive into `dir`, measuring each entry, and answers the manifest once every entry matches it. */
async function extractChecked(archive: string, dir: string): Promise<BackupManifest> {
  const found = new Map<string, { size: number; sha256: string }>();
  const extract = tar.extract();
  extract.on('entry', (header, body, next) => {
    const name = header.name;
    const safe = name === MANIFEST || /^(database\/[\w.-]+|files\/\d{6})$/.test(name);
    if (!safe || header.type !== 'file') {
      body.resume();
      extract.destroy(new DamagedBackupError(`an unexpected entry, ${JSON.stringify(name)}`));
      return;
    }
    const measure = measuring();
    const target = path.join(dir, name);
    mkdir(path.dirname(target), { recursive: true })
      .then(() => pipeline(body, measure.tap, createWriteStream(target, { mode: 0o600 })))
      .then(() => {
        found.set(name, measure.result());
        next();
      }, next);
  });
  await pipeline(createReadStream(archive), extract).catch((error: unknown) => {
    throw error instanceof DamagedBackupError ? error : new DamagedBackupError(error instanceof Error ? error.message : String(error));
  });
  if (!found.has(MANIFEST)) throw new DamagedBackupError('no manifest.json');
  const manifest = readJson(manifestSchema, await readFile(path.join(dir, MANIFEST), 'utf8'));
  if (!manifest) throw new DamagedBackupError('manifest.json is not a backup manifest');
  const listed = [manifest.database, ...manifest.files];
  for (const item of listed) {
    const got = found.get(item.path);
    if (!got) throw new DamagedBackupError(`${item.path} is missing`);
    if (got.size !== item.size || got.sha256 !== item.sha256) throw new DamagedBackupError(`${item.path} does not match its checksum`);
  }
  if (found.size !== listed.length + 1) throw new DamagedBackupError('it holds entries its manifest does not list');
  return manifest;
}

/**
 * Restores a backup: every entry checked against the manifest first, then the database (PGlite's folder
 * or PostgreSQL), then the stored objects. Refuses, before writing anything, a target that holds data
 * (a database, a stored object) unless `force`, and an embedded database another process holds.
 */
export async function restoreBackup(
  config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL'>,
  storage: Storage,
  archive: string,
  options: { force: boolean },
): Promise<BackupManifest> {
  const dir = await mkdtemp(path.join(config.DATA_DIR, '.restore-'));
  try {
    const manifest = await extractChecked(archive, dir);
    const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
    if (manifest.database.kind !== kind)
      throw new RestoreRefusedError(
        `This backup holds a ${manifest.database.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'} database and this configuration uses ${kind === 'pglite' ? 'PGlite (no DATABASE_URL)' : 'PostgreSQL (DATABASE_URL)'}: nothing was restored.`,
      );
    if (!options.force) for await (const key of storage.list()) throw new TargetNotEmptyError(`the storage holds files (${key}, ...)`);
    const dump = path.join(dir, manifest.database.path);
    if (config.DATABASE_URL && manifest.database.path === `database/${POSTGRES_DUMP}`)
      await restorePostgres(config.DATABASE_URL, dump, options);
    else if (!config.DATABASE_URL && manifest.database.path === `database/${PGLITE_DUMP}`)
      await restorePglite(path.join(config.DATA_DIR, 'pglite'), dump, options);
    else throw new DamagedBackupError(`its database is ${manifest.database.path}`);
    for (const file of manifest.files) await storage.put(file.key, await readFile(path.join(dir, file.path)), file.contentType);
    return manifest;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
