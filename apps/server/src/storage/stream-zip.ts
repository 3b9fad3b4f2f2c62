import type { Readable } from 'node:stream';
import type { ZipArchive, ZipEntryData } from 'archiver';
import type { Storage } from './storage';

/** An archive's entry: a text written by the caller, or a stored file read when its turn comes. */
export type ZipItem = { name: string; text: string } | { name: string; key: string };

/** Appends one entry and waits until the archive has taken it in (so only one stored file is open at a time). */
function appendEntry(archive: ZipArchive, source: Readable | Buffer | string, entry: ZipEntryData): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      archive.off('entry', onEntry);
      archive.off('error', onError);
      archive.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onEntry = () => done();
    const onError = (error: Error) => done(error);
    const onClose = () => done(new Error('The archive was closed before it was complete'));
    archive.on('entry', onEntry);
    archive.on('error', onError);
    archive.on('close', onClose);
    archive.append(source, entry);
  });
}

/**
 * Appends a stored file's stream. The archiver does not watch its sources for errors (a failed read
 * would leave the entry, and the download, waiting for ever), so a read error rejects here.
 */
function appendStoredFile(archive: ZipArchive, body: Readable, entry: ZipEntryData): Promise<void> {
  return new Promise((resolve, reject) => {
    const onSourceError = (error: Error) => reject(error);
    body.once('error', onSourceError);
    appendEntry(archive, body, entry).then(
      () => {
        body.off('error', onSourceError);
        resolve();
      },
      (error: unknown) => {
        body.off('error', onSourceError);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * A ZIP written while the client downloads it (the account's export, a home's download): each item in its
 * order, a stored file read from storage only when its turn comes (one open at a time, nothing buffered
 * beyond the stream's own window). Images are stored as they are (WebP is already compressed). A file
 * named but no longer in storage is left out and listed in `missing-files.txt` at the end, after `missing`
 * is told. A failure ends the stream early (the client sees an incomplete download) and is told to `failed`.
 */
export async function streamZip(
  storage: Pick<Storage, 'get'>,
  items: readonly ZipItem[],
  on: { missing: (names: string[]) => void; failed: (error: unknown) => void; date?: Date },
): Promise<ZipArchive> {
  // Imported on the first download only (ADR 040): few requests need a zip writer.
  const { ZipArchive } = await import('archiver');
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const date = on.date ?? new Date();
  void (async () => {
    let open: Readable | null = null;
    try {
      const missing: string[] = [];
      for (const item of items) {
        if ('text' in item) {
          await appendEntry(archive, item.text, { name: item.name, date });
          continue;
        }
        const object = await storage.get(item.key);
        if (!object) {
          missing.push(item.name);
          continue;
        }
        open = object.body;
        await appendStoredFile(archive, object.body, { name: item.name, store: true, date });
        open = null;
      }
      if (missing.length) {
        on.missing(missing);
        const note = `These files are named in the records but were no longer in storage:\n\n${missing.join('\n')}\n`;
        await appendEntry(archive, note, { name: 'missing-files.txt', date });
      }
      await archive.finalize();
    } catch (error) {
      // A read that already failed has reported its error; destroying it again must not raise another.
      open?.on('error', () => undefined).destroy();
      if (!archive.destroyed) {
        on.failed(error);
        archive.destroy(error instanceof Error ? error : new Error(String(error)));
      }
    }
  })();
  return archive;
}
