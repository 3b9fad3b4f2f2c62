// Memory (`npm run bench memory`): the resident set size of one server process (npm start's built entry,
// NODE_ENV=production, the local engines) after start, after 200 landing requests and after 5 designs,
// on PGlite (the embedded default) and on a throwaway PostgreSQL server, against the budgets of docs/budgets.md#memory:
// a web process on PostgreSQL idle <= 150 MB; the embedded process idle <= 300 MB; the peak during start
// no more than 1.5x idle. RSS and its peak are the kernel's (/proc/<pid>/status VmRSS and VmHWM).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { openDatabase } from '../apps/server/src/db/client';
import { createUser } from '../apps/server/test/fixtures';
import { startCluster } from '../scripts/pg-cluster';
import { signInPairs } from './seed-subscriber';
import { startServer, type BenchServer } from './server-process';

const LANDING_REQUESTS = 200;
const DESIGNS = 5;
const SETTLE_MS = 3000;
const EMAIL = 'memory-bench@example.com';
const PASSWORD = 'memory-bench-password';

/** The kernel's figures for a process, in MB: resident now and its high-water mark since it started. */
function residentMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

// A phone-sized room photo (12 MP phones send ~4000x3000; the upload is re-encoded at the edge).
const photo = await sharp({
  create: { width: 3000, height: 2000, channels: 3, background: '#9a8672', noise: { type: 'gaussian', mean: 120, sigma: 40 } },
})
  .blur(1.2)
  .jpeg({ quality: 88 })
  .toBuffer();

async function postDesign(server: BenchServer, cookie: string): Promise<void> {
  const form = new FormData();
  form.set('styleDescription', 'Scandinavian, warm oak and linen');
  form.set('architecturalChanges', 'no');
  form.set('roomPhoto', new Blob([photo], { type: 'image/jpeg' }), 'room.jpg');
  const res = await fetch(`${server.url}/api/room-design`, { method: 'POST', headers: { cookie, origin: server.url }, body: form });
  if (!res.ok) throw new Error(`design failed: ${res.status} ${(await res.text()).slice(0, 200)}`);
}

interface Row {
  database: string;
  afterStart: number;
  startPeak: number;
  afterLanding: number;
  afterDesigns: number;
  peak: number;
}

async function measure(database: 'PGlite' | 'PostgreSQL', databaseUrl?: string): Promise<Row> {
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    ALLOW_DEMO_PROVIDERS: 'true',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-123',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  // The subscriber is written before the server opens the database (PGlite is single-process).
  const server = await startServer(env, async (dataDir) => {
    const db = await openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'pglite') });
    await createUser(db.db, { email: EMAIL, password: PASSWORD });
    await db.close();
  });
  try {
    await settle();
    const started = residentMb(server.pid);
    for (let i = 0; i < LANDING_REQUESTS; i += 10) {
      await Promise.all(Array.from({ length: 10 }, () => fetch(`${server.url}/`).then((r) => r.arrayBuffer())));
    }
    await settle();
    const landing = residentMb(server.pid);
    const cookie = (await signInPairs(server.url, EMAIL, PASSWORD)).join('; ');
    for (let i = 0; i < DESIGNS; i++) await postDesign(server, cookie);
    await settle();
    const designs = residentMb(server.pid);
    return {
      database,
      afterStart: started.rss,
      startPeak: started.peak,
      afterLanding: landing.rss,
      afterDesigns: designs.rss,
      peak: designs.peak,
    };
  } finally {
    await server.stop();
  }
}

const rows: Row[] = [await measure('PGlite')];
const cluster = await startCluster();
try {
  rows.push(await measure('PostgreSQL', cluster.url));
} finally {
  cluster.stop();
}

const budgets: Record<Row['database'], number> = { PGlite: 300, PostgreSQL: 150 };
console.log('RSS of the server process, MB (kernel VmRSS; peak = VmHWM)');
console.log(
  '| database | after start | peak during start | after 200 landing requests | after 5 designs | peak overall | idle budget | start peak <= 1.5x idle |',
);
console.log('|---|---|---|---|---|---|---|---|');
let withinBudgets = true;
for (const row of rows) {
  const budget = budgets[row.database] ?? 0;
  const idleOk = row.afterStart <= budget;
  const peakOk = row.startPeak <= 1.5 * row.afterStart;
  withinBudgets &&= idleOk && peakOk;
  console.log(
    `| ${row.database} | ${row.afterStart} | ${row.startPeak} | ${row.afterLanding} | ${row.afterDesigns} | ${row.peak} | ` +
      `${budget} ${idleOk ? 'ok' : 'OVER'} | ${(row.startPeak / row.afterStart).toFixed(2)}x ${peakOk ? 'ok' : 'OVER'} |`,
  );
}
process.exit(withinBudgets ? 0 : 1);
