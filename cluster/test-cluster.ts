// `npm run test:cluster`: the production set-up of docs/deploy.md on one machine, all on 127.0.0.1: a
// throwaway PostgreSQL cluster, s3rver as the S3 store, two web processes (ROLE=web, the `npm start`
// entry) and two workers (the `npm run worker` entry), as separate OS processes sharing AUTH_SECRET,
// DATABASE_URL and the bucket. It proves, through the HTTP API only:
//   1. a session made on one web process works on the other;
//   2. a design posted to web A is made by a worker and read, with its images, through web B;
//   3. a refinement started through web A streams to the end through web B (SSE resumed by Last-Event-ID);
//   4. a worker killed (SIGKILL) during the engine call, and another killed after the engine answered,
//      leave the design done by another worker, charged once and the engine paid once (or failed and
//      refunded), never stuck;
//   5. PostgreSQL restarted (pg_ctl restart) during a generation: the design ends done or refunded, no
//      orphaned files, and every process still serves.
// The local engines get an artificial latency (LOCAL_ENGINE_DELAY_MS) so a job is long enough to kill
// mid-way, and jobs expire after JOB_EXPIRY_SECONDS so a dead worker's job is taken over in seconds.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { designImages, designTasks, roomDesigns, storedImageKeys, users } from '../apps/server/src/db/schema';
import { drawRoom } from '@rv/testing/test-rooms';
import { refineCompleteEvent, refineStatusEvent } from '@rv/contracts/api/creation';
import { resultsManifest } from '../apps/server/src/features/designs/images/design-files';
import { createUser } from '../apps/server/test/fixtures';
import { freePort, startCluster } from '../scripts/pg-cluster';
import { SERVER_ENV } from '../scripts/server-process-settings';
import { teardown, undoOnInterrupt } from '../scripts/teardown';
import { startAppProcess, startS3, waitForHealth, type AppProcess, type LogLine } from './cluster-processes';

const TIME_LIMIT_MS = 230_000;
const JOB_EXPIRY_SECONDS = 10;
const ENGINE_DELAY_MS = 2_500;
const BUCKET = 'rv-cluster';
const PASSWORD = 'cluster test password';

const t0 = Date.now();
// The AWS SDK warns once that its 2027 releases need Node 22 (docs/deploy.md says so); not news here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const seconds = (from: number) => `${((Date.now() - from) / 1000).toFixed(1)} s`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const cleanups = teardown();
const processes: AppProcess[] = [];
const hardLimit = undoOnInterrupt(cleanups, { ms: TIME_LIMIT_MS, overTime: `FAILED: the cluster test ran over ${TIME_LIMIT_MS / 1000} s` });

/** Polls `check` until it answers a value. */
async function waitFor<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined> | T | undefined, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

let proved = 0;
async function prove(claim: string, body: () => Promise<string>) {
  const started = Date.now();
  console.log(`\n- ${claim}`);
  const detail = await body();
  proved += 1;
  console.log(`  ok (${seconds(started)}): ${detail}`);
}

// ---------------------------------------------------------------------------------------------------
// The cluster.

const tmp = mkdtempSync(path.join(tmpdir(), 'rv-cluster-'));
const logDir = path.join(tmp, 'logs');
mkdirSync(logDir);
/** The process logs are kept when the test fails, or always with CLUSTER_KEEP_LOGS=1. */
let keepLogs = process.env.CLUSTER_KEEP_LOGS === '1';
cleanups.add(() => (keepLogs ? console.error(`process logs kept in ${logDir}`) : rmSync(tmp, { recursive: true, force: true })));

let database: Database | undefined;
try {
  console.log('Starting PostgreSQL, s3rver, 2 web processes and 2 workers on 127.0.0.1...');
  const pg = await startCluster();
  cleanups.add(() => pg.stop());
  const s3 = await startS3(BUCKET);
  cleanups.add(async () => {
    await s3.close();
    rmSync(s3.directory, { recursive: true, force: true });
  });
  // The processes started from here on, stopped first.
  cleanups.add(() => Promise.all(processes.map((p) => p.stop().catch(() => undefined))));
  const portA = await freePort();
  let portB = await freePort();
  while (portB === portA) portB = await freePort();
  const publicUrl = `http://127.0.0.1:${portA}`;
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    DATABASE_URL: pg.url,
    STORAGE: 's3',
    S3_BUCKET: BUCKET,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    PUBLIC_URL: publicUrl,
    HOST: '127.0.0.1',
    IMAGE_ENGINE: 'local',
    VISION_ENGINE: 'local',
    PAYMENTS: 'local',
    SMTP_URL: '',
    // Production's settings on the demo's stand-ins, on purpose (ADR 036).
    ALLOW_DEMO_PROVIDERS: 'true',
    LOG_LEVEL: 'info',
    JOB_EXPIRY_SECONDS: String(JOB_EXPIRY_SECONDS),
    LOCAL_ENGINE_DELAY_MS: String(ENGINE_DELAY_MS),
    ...SERVER_ENV,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
  const web = (label: string, port: number) => {
    const child = startAppProcess({
      label,
      entry: 'apps/server/dist/main.js',
      env: { ...env, ROLE: 'web', PORT: String(port), DATA_DIR: path.join(tmp, label) },
      logDir,
      url: `http://127.0.0.1:${port}`,
    });
    processes.push(child);
    return child;
  };
  const workers: AppProcess[] = [];
  const startWorker = async () => {
    const label = `worker-${workers.length + 1}`;
    const child = startAppProcess({ label, entry: 'apps/server/dist/worker.js', env: { ...env, DATA_DIR: path.join(tmp, label) }, logDir });
    processes.push(child);
    workers.push(child);
    await waitFor(`${label} to start`, 60_000, () => (child.find((l) => l.msg === 'worker started').length ? true : undefined), 200);
    return child;
  };
  const setupStarted = Date.now();
  const webA = web('web-A', portA);
  const webB = web('web-B', portB);
  // All four start at once, as a deployment would: their migrations meet on the same database.
  await Promise.all([waitForHealth(webA.url!, 60_000), waitForHealth(webB.url!, 60_000), startWorker(), startWorker()]);
  console.log(
    `Up in ${seconds(setupStarted)}: ${[webA, webB, ...workers].map((p) => `${p.label} (pid ${p.pid}${p.url ? `, ${p.url}` : ''})`).join(', ')}`,
  );

  database = await openDatabase({ databaseUrl: pg.url, pgliteDir: '' });
  const db = database.db;
  const { id: userId, email } = await createUser(db, { password: PASSWORD, name: 'Cluster Tester' });
  const room = await sharp(await drawRoom({ width: 640, height: 480 }))
    .jpeg()
    .toBuffer();
  const s3Client = new S3Client({
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });

  // -------------------------------------------------------------------------------------------------
  // Helpers over the HTTP API (and the database / bucket, to check what the API cannot show).

  async function signIn(webUrl: string): Promise<string> {
    const res = await fetch(`${webUrl}/api/login/password`, {
      method: 'POST',
      headers: { origin: publicUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    assert.equal(res.status, 200, `sign-in through ${webUrl}: ${res.status}`);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    assert.ok(cookie, 'sign-in set a session cookie');
    return cookie;
  }
  async function getJson<T>(webUrl: string, pathname: string, cookie?: string): Promise<{ status: number; body: T }> {
    const res = await fetch(`${webUrl}${pathname}`, { headers: cookie ? { cookie } : {} });
    return { status: res.status, body: (await res.json()) as T };
  }
  function postDesign(cookie: string, styleDescription: string) {
    const form = new FormData();
    form.set('styleDescription', styleDescription);
    form.set('architecturalChanges', 'no');
    form.set('furnitureData', '[]');
    form.set('roomPhoto', new Blob([new Uint8Array(room)], { type: 'image/jpeg' }), 'room.jpg');
    return fetch(`${webA.url}/api/room-design`, { method: 'POST', headers: { origin: publicUrl, cookie }, body: form });
  }
  const creditsUsed = async () => (await db.select().from(users).where(eq(users.id, userId)))[0]!.transformationsUsed;
  const designRow = async (designId: string) => (await db.select().from(roomDesigns).where(eq(roomDesigns.id, designId)))[0]!;
  const linesOf = (match: (line: LogLine) => boolean) => workers.flatMap((worker) => worker.find(match).map((line) => ({ worker, line })));
  const generating = (designId: string) => linesOf((l) => l.msg === 'generating design' && l.designId === designId);
  const engineStored = (designId: string) => linesOf((l) => l.msg === 'engine results stored' && l.designId === designId);
  const engineReused = (designId: string) => linesOf((l) => l.msg === 'engine results reused from storage' && l.designId === designId);
  const seenDesigns = () => new Set(linesOf((l) => l.msg === 'generating design').map(({ line }) => line.designId));

  /** The design as web B shows it once it is done or failed. */
  const finished = (designId: string, cookie: string, timeoutMs: number) =>
    waitFor(
      `design ${designId} to finish`,
      timeoutMs,
      async () => {
        const { status, body } = await getJson<{ status: string; generatedImageUrls: string[] }>(
          webB.url!,
          `/api/room-design/${designId}`,
          cookie,
        ).catch(() => ({ status: 0, body: { status: '', generatedImageUrls: [] } }));
        return status === 200 && (body.status === 'done' || body.status === 'failed') ? body : undefined;
      },
      250,
    );

  /** Every object under the design's folder is one the design (or its engine manifest) names: nothing orphaned. */
  async function assertNoOrphans(designId: string): Promise<number> {
    const listed = await s3Client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `designs/${designId}/` }));
    const keys = (listed.Contents ?? []).map((o) => o.Key!);
    const design = await designRow(designId);
    const named = new Set([`designs/${designId}/results.json`]);
    const results = await db.select().from(designImages).where(eq(designImages.designId, designId));
    for (const image of [design.original, ...design.morePhotos, ...design.references])
      for (const key of storedImageKeys(image)) named.add(key);
    for (const image of results) named.add(image.key).add(image.thumbKey);
    if (design.status === 'failed' && keys.includes(`designs/${designId}/results.json`)) {
      const { Body } = await s3Client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `designs/${designId}/results.json` }));
      const manifest = resultsManifest.parse(JSON.parse(await Body!.transformToString()));
      for (const image of manifest.images) named.add(image.key).add(image.thumbKey);
    }
    const orphans = keys.filter((key) => !named.has(key));
    assert.deepEqual(orphans, [], `objects no design names: ${orphans.join(', ')}`);
    return keys.length;
  }

  /** Kills the worker running a new design at the chosen moment; proves it ends done (charged once, engine paid once) or refunded. */
  async function killMidJob(cookie: string, styleDescription: string, moment: 'engine-call' | 'after-engine') {
    const usedBefore = await creditsUsed();
    const known = seenDesigns();
    const posted = postDesign(cookie, styleDescription);
    const { worker: victim, line } = await waitFor('a worker to take the design', 20_000, () =>
      linesOf((l) => l.msg === 'generating design' && !known.has(l.designId)).find(({ worker }) => worker.alive),
    );
    const designId = String(line.designId);
    if (moment === 'engine-call') {
      await sleep(500);
      assert.equal(engineStored(designId).length, 0, 'killed before the engine answered');
    } else {
      await waitFor('the engine results to be stored', 20_000, () => (engineStored(designId).length ? true : undefined), 20);
    }
    await victim.kill('SIGKILL');
    const killedAt = Date.now();
    const view = await finished(designId, cookie, 90_000);
    const answer = await posted;
    const design = await designRow(designId);
    const used = await creditsUsed();
    const [job] = (
      await database!.executeSql(`select state, retry_count from pgboss.job where name = 'generate-design' and singleton_key = $1`, [
        designId,
      ])
    ).rows as { state: string; retry_count: number }[];
    const files = await assertNoOrphans(designId);
    if (view.status === 'failed') {
      assert.equal(answer.status, 502);
      assert.equal(design.creditState, 'refunded');
      assert.equal(used, usedBefore, 'a failed design costs no credit');
      return `${victim.label} killed; design failed after ${seconds(killedAt)} with its credit refunded (credits used ${usedBefore} -> ${used}); ${files} files, none orphaned`;
    }
    assert.equal(answer.status, 200, 'the POST through web A answered the design');
    assert.equal(((await answer.json()) as { designId: string }).designId, designId);
    const takers = generating(designId);
    const survivor = takers.find(({ worker }) => worker !== victim);
    assert.ok(survivor, 'another worker took the job over');
    assert.equal(view.generatedImageUrls.length, 2);
    assert.equal(design.creditState, 'committed');
    assert.equal(used, usedBefore + 1, 'exactly one credit for one design');
    assert.equal(engineStored(designId).length, 1, 'the engine answered (was paid) once');
    if (moment === 'after-engine')
      assert.equal(engineReused(designId)[0]?.worker, survivor.worker, 'the survivor reused the stored results');
    assert.equal(design.providerRequestId, engineStored(designId)[0]!.line.providerRequestId);
    return (
      `${victim.label} (pid ${victim.pid}) killed ${moment === 'engine-call' ? 'during the engine call' : 'after the engine answered'}; ` +
      `${survivor.worker.label} finished it (attempt ${String(survivor.line.attempt)}, job ${job?.state}, retries ${job?.retry_count}) ` +
      `${seconds(killedAt)} later; credits used ${usedBefore} -> ${used}; engine answered once` +
      `${moment === 'after-engine' ? ', its stored results reused' : ''}; ${files} files, none orphaned`
    );
  }

  // -------------------------------------------------------------------------------------------------
  // The proofs.

  let cookie = '';
  await prove('Sessions work on both web processes', async () => {
    cookie = await signIn(webA.url!);
    for (const target of [webA, webB]) {
      const { status, body } = await getJson<{ email: string }>(target.url!, '/api/user-profile', cookie);
      assert.equal(status, 200, `${target.label} knows the session made on web-A`);
      assert.equal(body.email, email);
    }
    const cookieB = await signIn(webB.url!);
    assert.equal((await getJson(webA.url!, '/api/user-profile', cookieB)).status, 200, 'web-A knows the session made on web-B');
    assert.equal((await getJson(webB.url!, '/api/user-profile')).status, 401);
    return 'signed in through web-A: web-A and web-B know the session; signed in through web-B: web-A knows it; no cookie: 401';
  });

  let designId = '';
  await prove('A design posted to web A completes on whichever worker takes it', async () => {
    const usedBefore = await creditsUsed();
    const res = await postDesign(cookie, 'sage green scandinavian, light oak');
    assert.equal(res.status, 200);
    designId = ((await res.json()) as { designId: string }).designId;
    const { status, body } = await getJson<{ status: string; generatedImageUrls: string[] }>(
      webB.url!,
      `/api/room-design/${designId}`,
      cookie,
    );
    assert.equal(status, 200);
    assert.equal(body.status, 'done');
    assert.equal(body.generatedImageUrls.length, 2);
    const image = await fetch(`${webB.url}${body.generatedImageUrls[0]}`, { headers: { cookie } });
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/webp');
    const takers = generating(designId);
    assert.equal(takers.length, 1, 'one worker, one attempt');
    assert.equal(await creditsUsed(), usedBefore + 1);
    return `design ${designId} made by ${takers[0]!.worker.label} (pid ${takers[0]!.worker.pid}); read through web-B with its image from S3 (${(await image.arrayBuffer()).byteLength} bytes); credits used ${usedBefore} -> ${usedBefore + 1}`;
  });

  await prove('A refinement started through web A streams to the browser through web B', async () => {
    const query = new URLSearchParams({ tweak: 'tweak', iteration: '0', feedback: 'make the walls a warm terracotta' });
    const url = (target: AppProcess) => `${target.url}/api/room-design/refine/${designId}?${query}`;
    const onA = new AbortController();
    const startRes = await fetch(url(webA), { headers: { cookie, accept: 'text/event-stream' }, signal: onA.signal });
    assert.equal(startRes.status, 200);
    const [start] = await readEvents(startRes, (e) => e.event === 'start');
    onA.abort();
    const taskId = start!.id;
    assert.ok(taskId, 'the start event carries the task id as its SSE id');
    const res = await fetch(url(webB), { headers: { cookie, accept: 'text/event-stream', 'last-event-id': taskId } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/event-stream');
    const events = await readEvents(res, (e) => e.event === 'complete' || e.event === 'error');
    const last = events.at(-1)!;
    assert.equal(last.event, 'complete', `the stream ended with ${last.event}: ${last.data}`);
    assert.ok(
      events.every((e) => e.id === taskId),
      'web-B streamed the task started on web-A',
    );
    const statuses = events.filter((e) => e.event === 'status').map((e) => refineStatusEvent.parse(JSON.parse(e.data)).message);
    const { refinedImageUrl } = refineCompleteEvent.parse(JSON.parse(last.data));
    const image = await fetch(`${webA.url}${refinedImageUrl}`, { headers: { cookie } });
    assert.equal(image.status, 200);
    const [{ n }] = (await db
      .select({ n: sql<number>`count(*)::int` })
      .from(designTasks)
      .where(eq(designTasks.designId, designId))) as [{ n: number }];
    assert.equal(n, 1, 'following the stream through web-B started no second refinement');
    const worker = linesOf((l) => l.msg === 'working design task' && l.taskId === taskId)[0]?.worker;
    assert.ok(worker);
    return `task ${taskId} started on web-A, worked by ${worker.label}; web-B streamed ${events.map((e) => e.event).join(', ')} (${statuses.join(' / ')})`;
  });

  await prove(
    'A worker killed (SIGKILL) during the engine call: the design is completed by the other, or failed and refunded',
    async () => {
      const detail = await killMidJob(cookie, 'warm terracotta boho', 'engine-call');
      await startWorker();
      return `${detail}; ${workers.at(-1)!.label} started in its place`;
    },
  );

  await prove('A worker killed (SIGKILL) after the engine answered: the retry reuses the stored results (never paid twice)', () =>
    killMidJob(cookie, 'navy blue coastal', 'after-engine'),
  );

  await prove('PostgreSQL restarted during a generation: completed or refunded, no orphaned files, app still serving', async () => {
    const usedBefore = await creditsUsed();
    const known = seenDesigns();
    const posted = postDesign(cookie, 'charcoal industrial loft');
    const { worker, line } = await waitFor('a worker to take the design', 20_000, () =>
      linesOf((l) => l.msg === 'generating design' && !known.has(l.designId)).find(({ worker }) => worker.alive),
    );
    const id = String(line.designId);
    const restartStarted = Date.now();
    pg.restart();
    const restartTook = seconds(restartStarted);
    const cut = (p: AppProcess) =>
      p.find((l) => l.time! >= restartStarted && JSON.stringify(l.err ?? '').includes('terminating connection'));
    const noticed = await waitFor('the processes to see their connections cut', 10_000, () => {
      const labels = processes.filter((p) => p.alive && cut(p).length).map((p) => p.label);
      return labels.length ? labels : undefined;
    });
    const view = await finished(id, cookie, 90_000);
    const answer = await posted;
    const design = await designRow(id);
    const used = await creditsUsed();
    if (view.status === 'done') {
      assert.equal(answer.status, 200, 'the POST waiting on web-A answered the design');
      assert.equal(used, usedBefore + 1);
      assert.equal(design.creditState, 'committed');
      assert.equal(engineStored(id).length, 1, 'the engine answered once');
    } else {
      assert.equal(answer.status, 502);
      assert.equal(used, usedBefore);
      assert.equal(design.creditState, 'refunded');
    }
    const files = await assertNoOrphans(id);
    for (const target of [webA, webB]) {
      assert.equal((await fetch(`${target.url}/api/health`)).status, 200, `${target.label} healthy`);
      assert.equal((await getJson(target.url!, '/api/user-profile', cookie)).status, 200, `${target.label} still knows the session`);
    }
    await signIn(webB.url!);
    const alive = processes.filter((p) => p.alive).map((p) => p.label);
    assert.ok(alive.includes('web-A') && alive.includes('web-B'));
    const after = await postDesign(cookie, 'soft white minimal');
    assert.equal(after.status, 200, 'a new design after the restart completes');
    return (
      `pg_ctl restart took ${restartTook} while ${worker.label} was generating ${id}; the design ended ${view.status} ` +
      `(POST answered ${answer.status}, credits used ${usedBefore} -> ${used}); ${files} files, none orphaned; ` +
      `connections cut in ${noticed.join(', ')}; both web processes healthy and signed in, a new design completed; ` +
      `still running: ${alive.join(', ')}`
    );
  });

  console.log(`\nCluster test passed: ${proved} proofs in ${seconds(t0)}.`);
} catch (error) {
  keepLogs = true;
  console.error('\nFAILED:', error);
  for (const p of processes) {
    const file = path.join(logDir, `${p.label}.log`);
    const tail = readFileSync(file, 'utf8').trim().split('\n').slice(-15).join('\n');
    console.error(`\n--- last lines of ${p.label} (pid ${p.pid}) ---\n${tail}`);
  }
  process.exitCode = 1;
} finally {
  clearTimeout(hardLimit);
  await database?.close().catch(() => undefined);
  await cleanups.undo();
  process.exit(process.exitCode ?? 0);
}

interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

/** Reads server-sent events from a response until `last` matches one (or the stream ends). */
async function readEvents(res: Response, last: (event: SseEvent) => boolean): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return events;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event: SseEvent = { event: 'message', data: '' };
      for (const lineText of block.split('\n')) {
        const colon = lineText.indexOf(':');
        const field = lineText.slice(0, colon);
        const value = lineText.slice(colon + 1).trimStart();
        if (field === 'id') event.id = value;
        else if (field === 'event') event.event = value;
        else if (field === 'data') event.data += value;
      }
      events.push(event);
      if (last(event)) {
        await reader.cancel().catch(() => undefined);
        return events;
      }
    }
  }
}
