import { z } from 'zod';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isStorageKey, type Storage } from './storage';

/** Each file's JSON sidecar: how it is answered. */
const fileMeta = z.object({ contentType: z.string(), etag: z.string() });

/** Files in a folder under DATA_DIR, each with a small JSON sidecar holding its type and ETag. */
export function createLocalStorage(root: string): Storage {
  const fileOf = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`Refused storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, body, contentType) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, body);
      await writeFile(`${file}.meta.json`, JSON.stringify({ contentType, etag }));
      await rename(temp, file);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const [info, meta] = await Promise.all([stat(file), readFile(`${file}.meta.json`, 'utf8')]);
        // A sidecar that is not one (not JSON, another shape) is an error, as a file that cannot be read is.
        const { contentType, etag } = fileMeta.parse(JSON.parse(meta));
        return { body: createReadStream(file), size: info.size, contentType, etag };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      const file = fileOf(key);
      await rm(file, { force: true });
      await rm(`${file}.meta.json`, { force: true });
    },
    async *list() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      const files = new Set(
        entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/')),
      );
      // A sidecar is part of its file; one without its file (or a half-written temp file) is listed under its own name.
      for (const file of files) if (!(file.endsWith('.meta.json') && files.has(file.slice(0, -'.meta.json'.length)))) yield file;
    },
  };
}
