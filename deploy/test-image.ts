// `npm run test:image`: the container image and the Kubernetes manifests, proved on this machine with podman
// (docs/deploy.md, 'The container image' and 'Kubernetes'; ADR 061). Needs root and Debian's podman, runc
// and debootstrap, and kubectl (for `kubectl kustomize`). It:
//   1. makes the base image the Containerfile names (docker.io/library/debian:bookworm-slim) from a Debian
//      root file system made with debootstrap (cached under ~/.cache/rv-image), since no registry is reachable;
//   2. builds the app's image from `npm start`'s built tree, and a PostgreSQL image on the same base;
//   3. renders deploy/k8s/overlays/play with `kubectl kustomize` and plays it with `podman kube play`:
//      PostgreSQL, the migration Job (as its Pod), the web and the worker Deployments, s3rver as the bucket;
//   4. checks the web container: a user of its own, a read-only root file system, /data writable;
//   5. signs a subscriber in through the web pod, posts a design, kills the web pod mid-design (SIGKILL),
//      starts it again, and finds the design done once and charged once (credits used 1, one result set);
//   6. reports the build time, the image's size and the processes' RSS (the manifests' requests).
// Podman runs with deploy/podman/*.conf (through CONTAINERS_CONF / CONTAINERS_STORAGE_CONF): the machine's
// own podman or docker settings and store are untouched. The images stay in that store, so a rerun is quick.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { parseAllDocuments, stringify } from 'yaml';
import { drawRoom } from '@rv/testing/test-rooms';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { designImages, roomDesigns } from '../apps/server/src/db/schema';
import { createUser } from '../apps/server/test/fixtures';
import { startS3 } from '../cluster/cluster-processes';
import { freePort } from '../scripts/pg-cluster';

const root = path.resolve(import.meta.dirname, '..');
const BASE_IMAGE = 'docker.io/library/debian:bookworm-slim';
const IMAGE_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
const APP_IMAGE = 'localhost/room-visualizer:play';
const POSTGRES_IMAGE = 'localhost/rv-play-postgres:bookworm';
const SECRET = 'room-visualizer-secrets';
// podman names a Deployment's pod <name>-pod-0 and its containers <pod>-<container>.
const WEB_POD = 'room-visualizer-web-pod-0';
const WEB_CONTAINER = `${WEB_POD}-web`;
const WORKER_CONTAINER = 'room-visualizer-worker-pod-0-worker';
const BUCKET = 'rv-play';
const PASSWORD = 'image test password';
// A first build on a loaded two-core machine took 26 minutes (vfs copies); the play itself takes a few.
const TIME_LIMIT_MS = 60 * 60_000;

const podmanEnv = {
  ...process.env,
  CONTAINERS_CONF: path.join(root, 'deploy/podman/containers.conf'),
  CONTAINERS_STORAGE_CONF: path.join(root, 'deploy/podman/storage.conf'),
};
const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const t0 = Date.now();
const seconds = (from: number) => `${((Date.now() - from) / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;

/** Runs a command (podman with the test's settings); its output, or an error carrying its stderr. */
async function sh(command: string, args: string[], options: { allowFail?: boolean } = {}): Promise<{ ok: boolean; out: string }> {
  try {
    const { stdout } = await run(command, args, { env: podmanEnv, maxBuffer: 256 * 2 ** 20, cwd: root });
    return { ok: true, out: stdout.trim() };
  } catch (error) {
    const failure = error as { stderr?: string; stdout?: string; message: string };
    if (options.allowFail) return { ok: false, out: `${failure.stdout ?? ''}${failure.stderr ?? ''}` };
    throw new Error(`${command} ${args.join(' ')} failed: ${failure.stderr?.trim() || failure.message}`, { cause: error });
  }
}
const podman = (args: string[], options?: { allowFail?: boolean }) => sh('podman', args, options);

/** Polls `check` until it answers a value. */
async function waitFor<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined>, everyMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await sleep(everyMs);
  }
}

// ---------------------------------------------------------------------------------------------------
// What the machine needs.

if (process.getuid?.() !== 0) {
  console.error('npm run test:image runs podman as root: run it as root (in CI, .ci/run does).');
  process.exit(1);
}
for (const [tool, hint] of [
  ['podman', 'apt-get install podman runc debootstrap'],
  ['runc', 'apt-get install runc'],
  ['debootstrap', 'apt-get install debootstrap'],
  ['kubectl', 'kubectl (it renders the kustomize overlay: `kubectl kustomize`)'],
] as const) {
  if (!(await sh('sh', ['-c', `command -v ${tool}`], { allowFail: true })).ok) {
    console.error(`npm run test:image needs ${tool}: ${hint}`);
    process.exit(1);
  }
}

const work = mkdtempSync(path.join(tmpdir(), 'rv-image-'));
const cleanups: (() => unknown)[] = [() => rmSync(work, { recursive: true, force: true })];
let cleaning: Promise<void> | undefined;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch (error) {
        console.error('cleanup:', error);
      }
    }
  })();
  return cleaning;
}
process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));
process.once('SIGTERM', () => void cleanup().then(() => process.exit(143)));
const hardLimit = setTimeout(() => {
  console.error(`FAILED: the image test ran over ${TIME_LIMIT_MS / 60_000} minutes`);
  void cleanup().then(() => process.exit(1));
}, TIME_LIMIT_MS);

// ---------------------------------------------------------------------------------------------------
// 1. The base image, from Debian's mirror.

/** The Debian mirror apt uses on this machine (deb.debian.org unless it says otherwise). */
function debianMirror(): string {
  const files = ['/etc/apt/sources.list', ...readdirSync('/etc/apt/sources.list.d').map((f) => `/etc/apt/sources.list.d/${f}`)];
  for (const file of files) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const url = /^(?:URIs:\s*|deb\s+(?:\[[^\]]*\]\s+)?)(https?:\/\/\S+)/.exec(line.trim())?.[1];
      if (url && !url.includes('security')) return url;
    }
  }
  return 'http://deb.debian.org/debian';
}

async function baseImage(): Promise<string> {
  if ((await podman(['image', 'exists', BASE_IMAGE], { allowFail: true })).ok) return 'already in the store';
  const cache = path.join(homedir(), '.cache', 'rv-image');
  const tarball = path.join(cache, 'debian-bookworm-minbase.tar');
  let how = `imported from ${tarball}`;
  if (!existsSync(tarball)) {
    mkdirSync(cache, { recursive: true });
    const rootfs = path.join(cache, 'rootfs');
    rmSync(rootfs, { recursive: true, force: true });
    const mirror = debianMirror();
    const started = Date.now();
    await sh('debootstrap', ['--variant=minbase', 'bookworm', rootfs, mirror]);
    // As the registry's slim image: no package lists or downloaded packages left in it.
    await sh('sh', ['-c', `rm -rf '${rootfs}'/var/lib/apt/lists/* '${rootfs}'/var/cache/apt/archives/*.deb`]);
    await sh('tar', ['-C', rootfs, '-cf', `${tarball}.part`, '.']);
    renameSync(`${tarball}.part`, tarball);
    rmSync(rootfs, { recursive: true, force: true });
    how = `debootstrap bookworm from ${mirror} in ${seconds(started)}, cached in ${tarball}`;
  }
  // As the registry's image: a PATH (a root file system brings none) and bash by default.
  await podman(['import', '--change', `ENV PATH=${IMAGE_PATH}`, '--change', 'CMD ["bash"]', tarball, BASE_IMAGE]);
  return how;
}

let database: Database | undefined;
try {
  console.log(`Base image ${BASE_IMAGE}: ${await baseImage()}`);

  // -------------------------------------------------------------------------------------------------
  // 2. The images.

  let started = Date.now();
  await sh(process.execPath, ['scripts/build.ts', '--if-changed']);
  console.log(`Built tree (npm run build, what changed): ${seconds(started)}`);
  started = Date.now();
  // TEST_IMAGE_REUSE=1 plays the image an earlier run built (after a change to the manifests or this script
  // only): a build takes minutes here.
  const reuse = process.env.TEST_IMAGE_REUSE === '1' && (await podman(['image', 'exists', APP_IMAGE], { allowFail: true })).ok;
  // The host's network: apt reaches Debian's mirror from the build (podman's bridge may be missing here).
  // No layer cache: with vfs every committed step (ENV, USER, ...) is a whole copy of a ~1 GB file system,
  // and the context changes with every build anyway.
  if (!reuse) await podman(['build', '--layers=false', '--network', 'host', '--tag', APP_IMAGE, '--file', 'Containerfile', '.']);
  const buildTime = reuse ? 'reused (TEST_IMAGE_REUSE=1)' : seconds(started);
  const imageSize = Number((await podman(['image', 'inspect', '--format', '{{.Size}}', APP_IMAGE])).out);
  console.log(`Image ${APP_IMAGE}: ${reuse ? '' : 'built in '}${buildTime}, ${mb(imageSize)}`);
  started = Date.now();
  const playDir = path.join(root, 'deploy/k8s/overlays/play');
  await podman([
    'build',
    '--layers',
    '--network',
    'host',
    '--tag',
    POSTGRES_IMAGE,
    '--file',
    path.join(playDir, 'postgres.Containerfile'),
    playDir,
  ]);
  console.log(`Image ${POSTGRES_IMAGE}: ${seconds(started)}`);
  // What an earlier run's build left untagged (vfs keeps whole file systems): the tagged images' layers stay.
  await podman(['image', 'prune', '--force']);

  // -------------------------------------------------------------------------------------------------
  // 3. The play: ports, the Secret, the rendered overlay.

  const s3 = await startS3(BUCKET);
  cleanups.push(async () => {
    await s3.close();
    rmSync(s3.directory, { recursive: true, force: true });
  });
  const webPort = await freePort();
  let pgPort = await freePort();
  while (pgPort === webPort) pgPort = await freePort();
  const webUrl = `http://127.0.0.1:${webPort}`;
  const pgPassword = randomBytes(18).toString('base64url');
  const databaseUrl = `postgres://rv:${pgPassword}@127.0.0.1:${pgPort}/postgres`;

  // The Secret the manifests refer to, as an operator would create it, in podman's secret store. Podman 4.3
  // (Debian 12's) reads a secretKeyRef from a secret holding a JSON map of keys to base64 values (the `data`
  // of a Kubernetes Secret); later podman also plays a Secret manifest.
  const secretValues: Record<string, string> = {
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    DATABASE_URL: databaseUrl,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    POSTGRES_PASSWORD: pgPassword,
  };
  const secretFile = path.join(work, 'secret.json');
  writeFileSync(
    secretFile,
    JSON.stringify(Object.fromEntries(Object.entries(secretValues).map(([key, value]) => [key, Buffer.from(value).toString('base64')]))),
    { mode: 0o600 },
  );
  await podman(['secret', 'rm', SECRET], { allowFail: true });
  await podman(['secret', 'create', SECRET, secretFile]);
  cleanups.push(() => podman(['secret', 'rm', SECRET], { allowFail: true }));

  const rendered = (await sh('kubectl', ['kustomize', playDir])).out
    .replaceAll('${WEB_PORT}', String(webPort))
    .replaceAll('${PG_PORT}', String(pgPort))
    .replaceAll('${S3_ENDPOINT}', s3.endpoint);
  type Manifest = { kind: string; metadata: { name: string }; spec?: { template?: { spec: Record<string, unknown> } } };
  const manifests = parseAllDocuments(rendered).map((doc) => doc.toJS() as Manifest);
  const named = (kind: string, name: string) => {
    const found = manifests.find((m) => m.kind === kind && m.metadata.name === name);
    assert.ok(found, `the overlay renders the ${kind} ${name}`);
    return found;
  };
  const config = named('ConfigMap', 'room-visualizer-config');
  const notPlayed = manifests
    .filter((m) => !['ConfigMap', 'Deployment', 'Job'].includes(m.kind))
    .map((m) => `${m.kind} ${m.metadata.name}`);
  for (const kind of ['Service', 'Ingress', 'HorizontalPodAutoscaler', 'PodDisruptionBudget'])
    assert.ok(
      notPlayed.some((m) => m.startsWith(`${kind} `)),
      `the overlay renders a ${kind}`,
    );
  // podman plays Pods, Deployments and ConfigMaps: the Job is played as the Pod it would start.
  const job = named('Job', 'room-visualizer-migrate');
  const migratePod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'room-visualizer-migrate' },
    spec: { ...job.spec!.template!.spec, restartPolicy: 'Never' },
  };
  const playFile = (name: string, docs: object[]) => {
    const file = path.join(work, `${name}.yaml`);
    writeFileSync(file, docs.map((doc) => stringify(doc)).join('---\n'));
    return file;
  };
  const postgresFile = playFile('postgres', [named('Deployment', 'rv-play-postgres')]);
  const migrateFile = playFile('migrate', [config, migratePod]);
  const webFile = playFile('web', [config, named('Deployment', 'room-visualizer-web')]);
  const workerFile = playFile('worker', [config, named('Deployment', 'room-visualizer-worker')]);
  console.log(`Rendered deploy/k8s/overlays/play; not played (they need a cluster): ${notPlayed.join(', ')}`);

  const down = (file: string) => () => podman(['kube', 'down', file], { allowFail: true });
  async function play(file: string) {
    await down(file)();
    cleanups.push(down(file));
    await podman(['kube', 'play', file]);
  }

  started = Date.now();
  await play(postgresFile);
  database = await waitFor('PostgreSQL to accept connections', 60_000, async () => {
    const opened = await openDatabase({ databaseUrl, pgliteDir: '' });
    await opened.executeSql('select 1');
    return opened;
  });
  console.log(`PostgreSQL pod up: ${seconds(started)}`);

  started = Date.now();
  await play(migrateFile);
  const migrateExit = (await podman(['wait', 'room-visualizer-migrate-migrate'])).out;
  const migrateLog = (await podman(['logs', 'room-visualizer-migrate-migrate'], { allowFail: true })).out;
  assert.equal(migrateExit, '0', `the migration Job's pod exited ${migrateExit}:\n${migrateLog}`);
  console.log(`Migration Job (as a Pod): done in ${seconds(started)}`);

  started = Date.now();
  await play(webFile);
  await play(workerFile);
  const ready = async () => {
    const res = await fetch(`${webUrl}/api/ready`);
    return res.ok ? ((await res.json()) as object) : undefined;
  };
  console.log(
    `Web and worker pods up, ready in ${seconds(started)}: ${JSON.stringify(await waitFor('the web pod to be ready', 90_000, ready))}`,
  );

  // -------------------------------------------------------------------------------------------------
  // 4. The container as the manifests ask: its own user, a read-only root, /data writable.

  const inWeb = (code: string) => podman(['exec', WEB_CONTAINER, 'node', '-e', code], { allowFail: true });
  assert.equal((await inWeb('console.log(process.getuid())')).out, '10001', 'the web process runs as the image user 10001');
  const rootWrite = await inWeb("require('fs').writeFileSync('/app/apps/server/dist/main.js', 'changed')");
  assert.ok(!rootWrite.ok && rootWrite.out.includes('EROFS'), `writing to the image fails (read-only file system): ${rootWrite.out}`);
  const dataWrite = await inWeb("require('fs').writeFileSync('/data/probe', 'ok'); require('fs').rmSync('/data/probe')");
  assert.ok(dataWrite.ok, `/data is writable: ${dataWrite.out}`);
  const nodeVersion = (await podman(['exec', WEB_CONTAINER, 'node', '-v'])).out;
  const ownNode = (await sh(path.join(root, 'node_modules/.bin/node'), ['-v'])).out;
  assert.equal(nodeVersion, ownNode, 'the image runs the Node that npm start runs');
  console.log(`Web container: user 10001, root file system read-only (EROFS), /data writable, Node ${nodeVersion}`);

  // -------------------------------------------------------------------------------------------------
  // 5. A design through the web pod, the web pod killed mid-design.

  const rssOf = async (container: string) => {
    const pid = (await podman(['inspect', '--format', '{{.State.Pid}}', container])).out;
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kb) * 1024;
  };
  const peaks = { web: 0, worker: 0 };
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peaks.web = Math.max(peaks.web, await rssOf(WEB_CONTAINER).catch(() => 0));
      peaks.worker = Math.max(peaks.worker, await rssOf(WORKER_CONTAINER).catch(() => 0));
      await sleep(200);
    }
  })();
  const webIdle = await rssOf(WEB_CONTAINER);

  const { id: userId, email } = await createUser(database.db, { password: PASSWORD, name: 'Image Tester' });
  const signIn = async () => {
    const res = await fetch(`${webUrl}/api/login/password`, {
      method: 'POST',
      headers: { origin: webUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    assert.equal(res.status, 200, `sign-in through the web pod: ${res.status}`);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  };
  const cookie = await signIn();
  const profile = async () => {
    const res = await fetch(`${webUrl}/api/user-profile`, { headers: { cookie } });
    assert.equal(res.status, 200);
    return (await res.json()) as { transformationsUsed: number };
  };
  assert.equal((await profile()).transformationsUsed, 0);

  // The server while it serves: the landing page and the profile, as a visitor and the subscriber ask them.
  for (let i = 0; i < 100; i++) {
    await Promise.all([
      fetch(`${webUrl}/`).then((r) => r.arrayBuffer()),
      fetch(`${webUrl}/api/user-profile`, { headers: { cookie } }).then((r) => r.arrayBuffer()),
    ]);
  }
  const webServing = await rssOf(WEB_CONTAINER);

  const room = await sharp(await drawRoom({ width: 640, height: 480 }))
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.set('styleDescription', 'warm scandinavian');
  form.set('architecturalChanges', 'no');
  form.set('furnitureData', '[]');
  form.set('roomPhoto', new Blob([new Uint8Array(room)], { type: 'image/jpeg' }), 'room.jpg');
  const posted = fetch(`${webUrl}/api/room-design`, { method: 'POST', headers: { origin: webUrl, cookie }, body: form }).then(
    (res) => `answered ${res.status}`,
    (error: Error) => `cut (${error.message})`,
  );
  const design = await waitFor(
    'the worker to start the design',
    60_000,
    async () => {
      const [row] = await database!.db.select().from(roomDesigns).where(eq(roomDesigns.userId, userId));
      return row && row.status !== 'queued' ? row : undefined;
    },
    100,
  );
  assert.notEqual(design.status, 'done', 'the design is still in progress when the web pod is killed');
  const killedAt = Date.now();
  await podman(['pod', 'kill', '--signal', 'KILL', WEB_POD]);
  console.log(`Design ${design.id} ${design.status}: web pod killed (SIGKILL); the waiting POST was ${await posted}`);
  await podman(['pod', 'start', WEB_POD]);
  await waitFor('the web pod to be ready again', 90_000, ready);
  console.log(`Web pod started again, ready ${seconds(killedAt)} after the kill`);

  const view = await waitFor(
    'the design to finish',
    120_000,
    async () => {
      const res = await fetch(`${webUrl}/api/room-design/${design.id}`, { headers: { cookie } });
      const body = (await res.json()) as { status: string; generatedImageUrls: string[] };
      return body.status === 'done' || body.status === 'failed' ? body : undefined;
    },
    250,
  );
  assert.equal(view.status, 'done', 'the design was made though its web pod was killed');
  assert.equal((await profile()).transformationsUsed, 1, 'charged once: credits used 1');
  const [row] = await database.db.select().from(roomDesigns).where(eq(roomDesigns.id, design.id));
  assert.equal(row!.creditState, 'committed');
  const images = await database.db
    .select()
    .from(designImages)
    .where(and(eq(designImages.designId, design.id)));
  assert.equal(images.length, view.generatedImageUrls.length, 'one result set: the images the design shows, no others');
  assert.ok(images.length > 0);
  const workerLog = (await podman(['logs', WORKER_CONTAINER])).out.split('\n');
  const said = (msg: string) => workerLog.filter((line) => line.includes(`"msg":"${msg}"`) && line.includes(design.id)).length;
  assert.equal(said('generating design'), 1, 'the worker made the design once');
  assert.equal(said('engine results stored'), 1, 'the engine answered (was paid) once');
  const image = await fetch(`${webUrl}${view.generatedImageUrls[0]}`, { headers: { cookie } });
  assert.equal(image.status, 200, 'its image is served from the bucket');
  const designs = await database.db.select().from(roomDesigns).where(eq(roomDesigns.userId, userId));
  assert.equal(designs.length, 1, 'one design');
  console.log(
    `Design ${design.id} done ${seconds(killedAt)} after the kill: once (one generation, one engine answer), ` +
      `charged once (credits used 1, credit ${row!.creditState}), one result set of ${images.length} images`,
  );

  sampling = false;
  await sampler;
  const workerNow = await rssOf(WORKER_CONTAINER);
  console.log(
    `RSS (load on this machine from other work skews these): web ${mb(webIdle)} idle, ${mb(webServing)} after 200 requests, ` +
      `peak ${mb(peaks.web)}; worker ${mb(workerNow)} after the design, peak ${mb(peaks.worker)}`,
  );
  console.log(`\nImage test passed in ${seconds(t0)}.`);
} catch (error) {
  console.error('\nFAILED:', error);
  for (const container of [WEB_CONTAINER, WORKER_CONTAINER, 'room-visualizer-migrate-migrate', 'rv-play-postgres-pod-0-postgres']) {
    const log = await podman(['logs', '--tail', '15', container], { allowFail: true });
    if (log.out) console.error(`\n--- last lines of ${container} ---\n${log.out}`);
  }
  process.exitCode = 1;
} finally {
  clearTimeout(hardLimit);
  await database?.close().catch(() => undefined);
  await cleanup();
  process.exit(process.exitCode ?? 0);
}
