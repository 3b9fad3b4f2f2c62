// The build's parts: the web app (Vite: the browser bundle and the server renderer, apps/web/dist) and the
// server (esbuild: one JavaScript bundle per entry point, apps/server/dist), so production runs `node` on
// JavaScript, never the TypeScript compiler (ADR 030). `ifChanged` (what `npm start` and the CLIs use,
// scripts/run-built.ts) builds a part only when its sources changed since its last build; esbuild is
// imported only when the server is built, so a start on a built tree pays for hashing the sources alone.
// Runs on Node's own type stripping: no imports but Node's and esbuild's.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const from = (...parts: string[]) => path.join(root, ...parts);

const SKIPPED = new Set(['node_modules', 'dist', '.vite']);
/** Every file under the folders (tests included: they are cheap to hash and a stamp must not guess). */
function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  if (statSync(folder).isFile()) return [folder];
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => !SKIPPED.has(entry.name))
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(folder, entry.name)) : [path.join(folder, entry.name)]))
    .sort();
}

/** A hash of the sources' paths and contents: the build's stamp. */
function sourceStamp(sources: string[]): string {
  const hash = createHash('sha256');
  for (const file of sources.flatMap(filesUnder))
    hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

/** Builds `part` unless `ifChanged` and its stamp matches the sources. */
async function buildPart(
  part: { name: string; out: string; sources: string[]; run: () => Promise<void> | void; summary?: () => string },
  ifChanged: boolean,
) {
  const stampFile = path.join(part.out, '.build-stamp');
  const stamp = sourceStamp(part.sources);
  if (ifChanged && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) {
    console.log(`${part.name}: up to date (${path.relative(root, part.out)})`);
    return;
  }
  const started = Date.now();
  await part.run();
  writeFileSync(stampFile, stamp);
  const made = part.summary ? `: ${part.summary()}` : '';
  console.log(`${part.name}: built in ${((Date.now() - started) / 1000).toFixed(1)} s (${path.relative(root, part.out)}${made})`);
}

const shared = [from('packages/contracts/src'), from('package-lock.json'), from('scripts/build-parts.ts')];

const web = {
  name: 'web app',
  out: from('apps/web/dist'),
  sources: [from('apps/web'), ...shared],
  run() {
    console.log('web app: building (Vite: the browser bundle, then the server renderer)...');
    // `--silent`: npm's own header lines say nothing here; Vite prints only warnings and errors (vite.config.ts).
    const result = spawnSync('npm', ['run', 'build', '--silent', '-w', '@rv/web'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) throw new Error('the web build failed');
  },
  summary() {
    const files = filesUnder(path.join(this.out, 'assets'));
    const bytes = files.reduce((total, file) => total + statSync(file).size, 0);
    return `${files.length} files, ${(bytes / 1024 / 1024).toFixed(1)} MB`;
  },
};

/** The server's entry points: the processes and the operator's commands. */
const SERVER_ENTRIES = {
  main: 'src/cli/main.ts',
  worker: 'src/cli/worker.ts',
  'pixel-worker': 'src/engines/pixel-threads/pixel-worker-entry.ts',
  'migrate-cli': 'src/cli/migrate-cli.ts',
  seed: 'src/cli/seed.ts',
  'admin-cli': 'src/cli/admin-cli.ts',
  'engines-cli': 'src/cli/engines-cli.ts',
  'payments-cli': 'src/cli/payments-cli.ts',
  'storage-cli': 'src/cli/storage-cli.ts',
  'backup-cli': 'src/cli/backup-cli.ts',
  'restore-cli': 'src/cli/restore-cli.ts',
};

/**
 * ES-module packages bundled into the server for its start: Node finds the format of each file it loads
 * from a package by reading that package's package.json again (an ES module's `.js`), and these are the
 * ones with many files or a big package.json (drizzle-orm: 107 files x 179 KB; date-fns: 199 KB), which
 * cost most of the ~0.8 s a start spent in Node's package.json reader (ADR 043). None of them is imported
 * by a package left outside, so each has one copy in the process.
 */
const BUNDLED_PACKAGES = /^(drizzle-orm|date-fns|@date-fns\/utc|better-auth|@better-auth\/[^/]+|better-call|kysely|jose)(\/|$)/;

/** Other packages stay in node_modules (imported at run time); the workspace's own (@rv/contracts) are bundled. */
const packagesStayExternal: Plugin = {
  name: 'packages-stay-external',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@rv/') || BUNDLED_PACKAGES.test(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

const server = {
  name: 'server',
  out: from('apps/server/dist'),
  sources: [from('apps/server/src'), from('apps/server/package.json'), ...shared],
  async run() {
    console.log('server: building (esbuild)...');
    const serverDir = from('apps/server');
    rmSync(this.out, { recursive: true, force: true });
    const { build } = await import('esbuild');
    await build({
      absWorkingDir: serverDir,
      entryPoints: SERVER_ENTRIES,
      outdir: this.out,
      // Chunks sit beside the entries, so a module's `new URL('./x', import.meta.url)` means dist/x wherever it landed.
      chunkNames: '[name]-[hash]',
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node26',
      sourcemap: 'linked',
      plugins: [packagesStayExternal],
      logLevel: 'warning',
    });
    // What modules read beside themselves at run time (db/client.ts, features/stores/store-directory.ts).
    cpSync(path.join(serverDir, 'src/db/migrations'), path.join(this.out, 'migrations'), { recursive: true });
    cpSync(path.join(serverDir, 'src/features/stores/store-directory.json'), path.join(this.out, 'store-directory.json'));
    writeFileSync(path.join(this.out, 'package.json'), '{ "type": "module" }\n');
  },
};

/** Builds the web app (unless `serverOnly`) and the server; with `ifChanged`, only what changed since its last build. */
export async function buildParts(options: { ifChanged: boolean; serverOnly: boolean }): Promise<void> {
  mkdirSync(web.out, { recursive: true });
  if (!options.serverOnly) await buildPart(web, options.ifChanged);
  mkdirSync(server.out, { recursive: true });
  await buildPart(server, options.ifChanged);
}
