// The image pipeline on a 12-megapixel JPEG: upload-to-stored time, the server's own time per design
// next to sharp's bare decode+resize+encode of the same image, and the server's peak memory while it
// takes 10 concurrent ~10 MB uploads.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { openDatabase } from '../apps/server/src/db/client';
import { createLocalStorage } from '../apps/server/src/storage/local-storage';
import { createUser } from '../apps/server/test/fixtures';
import { multipart } from '../apps/server/test/test-app';
import { processImage } from '../apps/server/src/uploads/process-image';
import { startCluster } from '../scripts/pg-cluster';
import { benchMaskedCompositing } from './masked-compositing';
import { startServer } from './server-process';
import { median } from './median';

const time = async (fn: () => Promise<unknown>) => {
  const started = performance.now();
  await fn();
  return performance.now() - started;
};

/** A 4000x3000 photo-like JPEG (noise over gradients, so it compresses like a photo). */
async function photo(quality: number): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const noise = randomBytes(width * height * 3);
  for (let i = 0; i < noise.length; i += 3) {
    const x = (i / 3) % width;
    noise[i] = (noise[i]! >> 2) + Math.floor((x / width) * 190);
    noise[i + 1] = (noise[i + 1]! >> 2) + 120;
    noise[i + 2] = (noise[i + 2]! >> 2) + Math.floor((i / 3 / width / height) * 180);
  }
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

const image = await photo(85);
console.log(`input: 4000x3000 JPEG, ${(image.length / 1024 / 1024).toFixed(1)} MB`);

const storage = createLocalStorage(mkdtempSync(path.join(tmpdir(), 'rv-bench-files-')));
const baseline: number[] = [];
const pipeline: number[] = [];
for (let i = 0; i < 5; i++) {
  baseline.push(
    await time(() => sharp(image).rotate().resize({ width: 2560, height: 2560, fit: 'inside' }).webp({ quality: 86 }).toBuffer()),
  );
  pipeline.push(
    await time(async () => {
      const processed = await processImage(image);
      await storage.put(`bench/${i}/original.webp`, processed.full, 'image/webp');
      await storage.put(`bench/${i}/original-thumb.webp`, processed.thumb, 'image/webp');
    }),
  );
}
const ratio = median(pipeline) / median(baseline);
console.log(
  `upload-to-stored (checks, upright, strip, WebP, thumbnail, store): median ${median(pipeline).toFixed(0)} ms; sharp decode+resize+encode alone: ${median(baseline).toFixed(0)} ms; ratio ${ratio.toFixed(2)}x (target <= 1.5x)`,
);

await benchMaskedCompositing(image);

// Peak memory of the real server while 10 ~10 MB uploads arrive at once, each making a full design with
// the local engine: once with the embedded defaults (PGlite runs inside the server process), once with
// PostgreSQL as in production (the database's memory is then the database server's, not ours).
const big = await photo(97);

async function peakDuringUploads(label: string, env: Record<string, string>, databaseUrl?: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rv-bench-upload-'));
  const database = await openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'pglite') });
  const accounts = [];
  for (let i = 0; i < 4; i++) accounts.push(await createUser(database.db, { password: 'bench password 123' }));
  await database.close();
  const server = await startServer({ DATA_DIR: dataDir, ...env });
  try {
    const cookies: string[] = [];
    for (const account of accounts) {
      const res = await fetch(`${server.url}/api/login/password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ email: account.email, password: 'bench password 123' }),
      });
      cookies.push(
        res.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
      );
    }
    const idleKb = Number(readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const body = multipart({ architecturalChanges: 'no', styleDescription: 'warm oak' }, [
          { field: 'roomPhoto', filename: 'room.jpg', data: big },
        ]);
        const res = await fetch(`${server.url}/api/room-design`, {
          method: 'POST',
          headers: { ...body.headers, origin: server.url, cookie: cookies[i % cookies.length]! },
          body: body.payload,
        });
        return res.status;
      }),
    );
    const peakKb = Number(readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/VmHWM:\s+(\d+)/)?.[1] ?? 0);
    console.log(
      `${label}: 10 concurrent uploads of ${(big.length / 1024 / 1024).toFixed(1)} MB: answers ${JSON.stringify(results)} in ${((performance.now() - started) / 1000).toFixed(1)} s (each makes a full design with the local engine); server RSS before ${(idleKb / 1024).toFixed(0)} MB, peak ${(peakKb / 1024).toFixed(0)} MB (target < 600 MB)`,
    );
  } finally {
    await server.stop();
  }
}

await peakDuringUploads('embedded defaults (PGlite in the server process)', {});
const cluster = await startCluster();
try {
  await peakDuringUploads('PostgreSQL (production set-up)', { DATABASE_URL: cluster.url }, cluster.url);
} finally {
  cluster.stop();
}
