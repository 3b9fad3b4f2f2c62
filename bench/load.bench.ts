// Load (`npm run bench:load`): one production-like server process (npm start's entry, PGlite, the local
// engine, ROLE=all so the generation worker runs in the same process) on loopback, 50 seeded subscribers
// with 4 finished designs each, all signed in through the password call. For DURATION_S seconds an
// arrival-rate mix runs at once, each request as a random subscriber:
//   landing HTML (GET /), results page data (GET /api/designs/:id, the design view the results page reads),
//   My Designs list (GET /api/designs?page=1&limit=6&scope=saved), thumbnails (GET /api/files/.../*-thumb.webp),
// while 10 design generations stay in flight (POST /api/room-design with a 6-megapixel JPEG; when one
// answers, the next starts), and /api/health is sampled at a low rate in the same run for comparison.
//
// autocannon's rate is per connection and per second, so arrivals come in bursts at the start of each
// second (see room-designs.bench.ts); the 50 connections of the mix are the 50 subscribers' browsers.
// The server is started with bench/process-probe.mjs preloaded (event-loop delay and RSS, written to a
// file), so nothing bench-specific lives in the app. Targets: 0 errors, event loop p99 lag < 50 ms,
// and with BENCH_WORKER=separate the web process's peak RSS within 250 MB (docs/budgets.md#memory).
//
// BENCH_DB=postgres runs the same on a throwaway PostgreSQL cluster (the scale-out configuration: the
// database off the server's event loop), and BENCH_WORKER=separate (with postgres) runs the web
// process with ROLE=web beside one `npm run worker` process, each measured by the probe.
// BENCH_SECONDS and BENCH_GENERATIONS change the length and the generations kept in flight.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { z } from 'zod';
import { hashPassword } from '../apps/server/src/auth/password-hash';
import { PRODUCTION_PASSWORD_HASH_COST } from '../apps/server/src/config/env';
import { openDatabase } from '../apps/server/src/db/client';
import { accounts } from '../apps/server/src/db/schema';
import { makeSeedPicture, seedDesign } from '../apps/server/test/seed-designs';
import { createLocalStorage } from '../apps/server/src/storage/local-storage';
import { createUser } from '../apps/server/test/fixtures';
import { startCluster } from '../scripts/pg-cluster';
import { NODE_FLAGS, startServer, WORKER_ENTRY } from './server-process';
import { SERVER_ENV } from '../scripts/server-process-settings';

const SUBSCRIBERS = 50;
const DESIGNS_PER_SUBSCRIBER = 4;
const GENERATIONS_IN_FLIGHT = Number(process.env.BENCH_GENERATIONS ?? 10);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 40);
const LAG_P99_TARGET_MS = 50;
const WEB_PROCESS_RSS_BUDGET_MB = 250;
const PASSWORD = 'bench password 1';
/** name, requests/second, connections (50 in all: one browser per subscriber), next request. */
const MIX = [
  { name: 'landing GET /', rate: 10, connections: 5 },
  { name: 'results data GET /api/designs/:id', rate: 30, connections: 15 },
  { name: 'My Designs GET /api/designs', rate: 20, connections: 10 },
  { name: 'thumbnail GET /api/files/*-thumb.webp', rate: 60, connections: 20 },
];
/** One kind of request of the load: its name, its rate and its connections. */
interface LoadKind {
  name: string;
  rate: number;
  connections: number;
}
/** What bench/process-probe.mjs writes about the process it is loaded into (read through this schema). */
const probeFigures = z.object({
  pid: z.number(),
  windowSeconds: z.number(),
  lagP50Ms: z.number(),
  lagP99Ms: z.number(),
  lagMaxMs: z.number(),
  peakRssBytes: z.number(),
  gcCount: z.number(),
  gcTotalMs: z.number(),
  gcMaxMs: z.number(),
});
type ProbeFigures = z.infer<typeof probeFigures>;
const HEALTH: LoadKind = { name: '/api/health (same run)', rate: 5, connections: 1 };

const POSTGRES = process.env.BENCH_DB === 'postgres';
const SEPARATE_WORKER = POSTGRES && process.env.BENCH_WORKER === 'separate';

const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(0);
const dataDir = mkdtempSync(path.join(tmpdir(), 'rv-bench-load-'));
const probeFile = path.join(dataDir, 'probe.json');
const workerProbeFile = path.join(dataDir, 'probe-worker.json');
const cluster = POSTGRES ? await startCluster() : null;

// Seeding straight into the database and the file store (one password hash shared by every account).
const database = await openDatabase({ databaseUrl: cluster?.url, pgliteDir: path.join(dataDir, 'pglite') });
const storage = createLocalStorage(path.join(dataDir, 'files'));
const picture = await makeSeedPicture();
const passwordHash = await hashPassword(PASSWORD, PRODUCTION_PASSWORD_HASH_COST);
/** A seeded subscriber: their e-mail, their designs' ids and, once signed in, their session cookie. */
interface Subscriber {
  email: string;
  designs: string[];
  cookie: string;
}
const subscribers: Subscriber[] = [];
for (let i = 0; i < SUBSCRIBERS; i++) {
  const { id, email } = await createUser(database.db, { email: `load-${i}@example.com`, name: `Load ${i}` });
  await database.db
    .insert(accounts)
    .values({ id: crypto.randomUUID(), userId: id, accountId: id, providerId: 'credential', password: passwordHash });
  const designs: string[] = [];
  for (let d = 0; d < DESIGNS_PER_SUBSCRIBER; d++)
    designs.push(
      await seedDesign(database.db, storage, picture, {
        userId: id,
        saved: [true, false],
        projectNameMap: { 0: `Room ${d + 1}` },
        roomTypeMap: { 0: 'living-room' },
      }),
    );
  subscribers.push({ email, designs, cookie: '' });
}
await database.close();
console.log(`seeded ${SUBSCRIBERS} subscribers x ${DESIGNS_PER_SUBSCRIBER} designs (with files) in ${seconds()} s`);

// A photo-sized room photo: 3000x2000 JPEG with photo-like noise.
const photo = await sharp({
  create: { width: 3000, height: 2000, channels: 3, background: '#9a8672', noise: { type: 'gaussian', mean: 120, sigma: 40 } },
})
  .blur(1.2)
  .jpeg({ quality: 88 })
  .toBuffer();

const serverEnv = {
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-123',
  // Production's settings on the demo's stand-ins, on purpose (ADR 036).
  ALLOW_DEMO_PROVIDERS: 'true',
  // The bench stands in front of the server as a proxy would, naming each subscriber's own address.
  TRUST_PROXY: '127.0.0.1',
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${pathToFileURL(path.resolve('bench/process-probe.mjs')).href}`.trim(),
  ...(cluster ? { DATABASE_URL: cluster.url } : {}),
  ...(SEPARATE_WORKER ? { ROLE: 'web' } : {}),
};
const server = await startServer({ ...serverEnv, PROBE_FILE: probeFile });
// `npm run worker`'s entry, on the same database and files.
const worker = SEPARATE_WORKER
  ? spawn(process.execPath, [...NODE_FLAGS, WORKER_ENTRY], {
      env: { ...SERVER_ENV, ...process.env, LOG_LEVEL: 'warn', ...serverEnv, ROLE: 'all', PROBE_FILE: workerProbeFile },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
  : null;
try {
  // Each subscriber signs in from their own address (the per-address sign-in limits stay out of it),
  // four at a time (each sign-in is one scrypt hash on the server's thread pool).
  const signIn = async (subscriber: Subscriber, i: number) => {
    const res = await fetch(`${server.url}/api/login/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': `10.2.0.${i + 1}` },
      body: JSON.stringify({ email: subscriber.email, password: PASSWORD }),
    });
    if (!res.ok) throw new Error(`sign-in of ${subscriber.email} failed: ${res.status} ${await res.text()}`);
    subscriber.cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  };
  for (let i = 0; i < SUBSCRIBERS; i += 4) await Promise.all(subscribers.slice(i, i + 4).map((s, k) => signIn(s, i + k)));
  console.log(
    `${SUBSCRIBERS} subscribers signed in (${seconds()} s); photo for generations ${(photo.length / 1024 / 1024).toFixed(1)} MB JPEG`,
  );

  const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
  /** Each kind of request of the mix: the path and headers of its next request. */
  const next: Record<string, () => { path: string; headers: Record<string, string> }> = {
    'landing GET /': () => ({ path: '/', headers: { accept: 'text/html' } }),
    'results data GET /api/designs/:id': () => {
      const s = pick(subscribers);
      return { path: `/api/designs/${pick(s.designs)}`, headers: { cookie: s.cookie } };
    },
    'My Designs GET /api/designs': () => {
      const s = pick(subscribers);
      return { path: '/api/designs?page=1&limit=6&scope=saved', headers: { cookie: s.cookie } };
    },
    'thumbnail GET /api/files/*-thumb.webp': () => {
      const s = pick(subscribers);
      return {
        path: `/api/files/designs/${pick(s.designs)}/${pick(['generated-1', 'generated-2', 'original'])}-thumb.webp`,
        headers: { cookie: s.cookie },
      };
    },
    '/api/health (same run)': () => ({ path: '/api/health', headers: {} }),
  };
  const run = ({ name, rate, connections }: LoadKind) =>
    autocannon({
      url: server.url,
      connections,
      overallRate: rate,
      duration: DURATION_S,
      requests: [
        {
          setupRequest: (req) => {
            const { path: p, headers } = next[name]!();
            return { ...req, method: 'GET', path: p, headers: { ...req.headers, 'accept-encoding': 'gzip', ...headers } };
          },
        },
      ],
    });

  // Warm-up: every kind once, so the first measured requests do not pay for lazy start-up work.
  for (const kind of [...MIX, HEALTH]) {
    const { path: p, headers } = next[kind.name]!();
    const res = await fetch(`${server.url}${p}`, { headers });
    if (!res.ok) throw new Error(`${kind.name}: ${p} answered ${res.status}`);
    await res.arrayBuffer();
  }

  // Generations: 10 POSTs in flight, each waiting for its design, spread over the subscribers.
  const stopGenerating = new AbortController();
  const generations: { started: number; done: number; failed: number; errors: string[]; times: number[] } = {
    started: 0,
    done: 0,
    failed: 0,
    errors: [],
    times: [],
  };
  let turn = 0;
  const generate = async () => {
    while (!stopGenerating.signal.aborted) {
      const s = subscribers[turn++ % SUBSCRIBERS]!;
      const form = new FormData();
      form.set('styleDescription', 'Scandinavian, warm oak and linen');
      form.set('architecturalChanges', 'no');
      form.set('roomPhoto', new Blob([photo], { type: 'image/jpeg' }), 'room.jpg');
      const t0 = performance.now();
      generations.started += 1;
      try {
        const res = await fetch(`${server.url}/api/room-design`, {
          method: 'POST',
          headers: { cookie: s.cookie, origin: server.url },
          body: form,
          signal: stopGenerating.signal,
        });
        const body = await res.text();
        if (res.ok) {
          generations.done += 1;
          generations.times.push(performance.now() - t0);
        } else {
          generations.failed += 1;
          generations.errors.push(`${res.status} ${body.slice(0, 120)}`);
        }
      } catch (error) {
        if (!stopGenerating.signal.aborted) {
          generations.failed += 1;
          generations.errors.push(String(error));
        }
      }
    }
  };

  process.kill(server.pid, 'SIGUSR2'); // the probe's measuring window starts with the load
  if (worker?.pid) process.kill(worker.pid, 'SIGUSR2');
  const loadStarted = performance.now();
  const generators = Array.from({ length: GENERATIONS_IN_FLIGHT }, generate);
  const results = await Promise.all([...MIX, HEALTH].map(run));
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  await new Promise((r) => setTimeout(r, 1100)); // one more probe sample inside the window
  const probe = probeFigures.parse(JSON.parse(readFileSync(probeFile, 'utf8')));
  const workerProbe = worker ? probeFigures.parse(JSON.parse(readFileSync(workerProbeFile, 'utf8'))) : null;
  stopGenerating.abort();
  await Promise.all(generators);

  const rows = [...MIX, HEALTH].map((kind, i) => {
    const r = results[i]!;
    return {
      request: kind.name,
      'target/s': kind.rate,
      'got/s': (r.requests.total / DURATION_S).toFixed(1),
      conns: kind.connections,
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      'max ms': r.latency.max,
      errors: r.errors + r.timeouts + r.non2xx,
    };
  });
  const health = results.at(-1)!;
  const mixed = results.slice(0, MIX.length);
  // Every request of the mix weighted together: the p50/p99 of the kind with the most requests bound it; report per kind and the worst.
  const worstP99 = Math.max(...mixed.map((r) => r.latency.p99));
  const worstP50 = Math.max(...mixed.map((r) => r.latency.p50));
  const errors = mixed.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0) + health.errors + health.timeouts + health.non2xx;
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
  const times = generations.times.sort((a, b) => a - b);

  console.log(
    `\nmachine: ${cpus().length} CPUs, load average ${(loadavg()[0] ?? 0).toFixed(1)} at the end of the run (other processes on the machine skew every figure)`,
  );
  console.log(
    `load: ${loadSeconds.toFixed(0)} s at ${MIX.reduce((n, k) => n + k.rate, 0)} req/s over ${MIX.reduce((n, k) => n + k.connections, 0)} connections, ${GENERATIONS_IN_FLIGHT} generations in flight`,
  );
  console.table(rows);
  console.log(
    `ratio to /api/health in the same run (worst kind of the mix): p50 ${(worstP50 / Math.max(1, health.latency.p50)).toFixed(1)}x, ` +
      `p99 ${(worstP99 / Math.max(1, health.latency.p99)).toFixed(1)}x (health p50 ${health.latency.p50} ms, p99 ${health.latency.p99} ms)`,
  );
  for (const [i, kind] of MIX.entries())
    console.log(
      `  ${kind.name}: p50 ${(mixed[i]!.latency.p50 / Math.max(1, health.latency.p50)).toFixed(1)}x, p99 ${(mixed[i]!.latency.p99 / Math.max(1, health.latency.p99)).toFixed(1)}x health`,
    );
  console.log(
    `generations (POST answered when the design is done): ${generations.done} done, ${generations.failed} failed, ${generations.started - generations.done - generations.failed} still in flight at the end; ` +
      (times.length
        ? `time p50 ${(times[Math.floor(times.length / 2)]! / 1000).toFixed(1)} s, max ${(times.at(-1)! / 1000).toFixed(1)} s`
        : 'none finished'),
  );
  if (generations.errors.length) console.log(`  generation errors: ${[...new Set(generations.errors)].slice(0, 3).join(' | ')}`);
  const processLine = (name: string, p: ProbeFigures) =>
    `${name} (pid ${p.pid}): event loop lag p50 ${p.lagP50Ms.toFixed(1)} ms, p99 ${p.lagP99Ms.toFixed(1)} ms, ` +
    `max ${p.lagMaxMs.toFixed(0)} ms over ${p.windowSeconds.toFixed(0)} s (target p99 < ${LAG_P99_TARGET_MS} ms); ` +
    `garbage collection ${p.gcCount} pauses, ${p.gcTotalMs.toFixed(0)} ms in all, longest ${p.gcMaxMs.toFixed(0)} ms; peak RSS ${mb(p.peakRssBytes)} MB`;
  console.log(`database: ${POSTGRES ? 'PostgreSQL (throwaway cluster on loopback)' : 'PGlite (in the server process, npm start default)'}`);
  console.log(processLine(worker ? 'web process (ROLE=web)' : 'server process (web + job worker, ROLE=all)', probe));
  if (workerProbe) console.log(processLine('worker process (npm run worker)', workerProbe));
  // The budget (docs/budgets.md#memory): a web process on PostgreSQL (its jobs sent to a worker) within 250 MB under this mix.
  const rssOk = !SEPARATE_WORKER || probe.peakRssBytes / 1024 / 1024 <= WEB_PROCESS_RSS_BUDGET_MB;
  if (SEPARATE_WORKER)
    console.log(`web process peak RSS ${mb(probe.peakRssBytes)} MB (budget ${WEB_PROCESS_RSS_BUDGET_MB} MB): ${rssOk ? 'ok' : 'OVER'}`);
  const ok = errors === 0 && generations.failed === 0 && probe.lagP99Ms < LAG_P99_TARGET_MS && rssOk;
  console.log(`errors ${errors + generations.failed} (target 0); ${ok ? 'meets' : 'MISSES'} the targets; whole bench ${seconds()} s`);
  if (!ok) process.exitCode = 1;
} finally {
  // A generation still running would hold a graceful stop for its whole length: the bench is bounded.
  const kill = setTimeout(() => process.kill(server.pid, 'SIGKILL'), 10_000);
  await server.stop();
  clearTimeout(kill);
  worker?.kill('SIGKILL');
  cluster?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
