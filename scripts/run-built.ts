// `npm start`, `npm run worker` and the operator's commands (`npm run admin -- ...`): builds what changed
// since the last build (scripts/build-parts.ts; the web app only for the web server), then runs the entry's
// compiled file (apps/server/dist/<entry>.js) on this Node, with the arguments given after the entry.
// One process for the check and one for the entry: no second npm between them (docs/budgets.md#start).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildParts } from './build-parts.ts';
import { COMPILE_CACHE_ENV, SERVER_ENV, SERVER_NODE_FLAGS } from './server-process-settings.ts';

/** The long-lived processes; the others are the operator's commands, which run and end. */
const SERVER_PROCESSES = new Set(['main', 'worker']);

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/run-built.ts <entry> [arguments...]');
  process.exit(2);
}
await buildParts({ ifChanged: true, serverOnly: entry !== 'main' });

const serverDir = path.resolve(import.meta.dirname, '../apps/server');
const isServer = SERVER_PROCESSES.has(entry);
const child = spawn(
  process.execPath,
  [...(isServer ? SERVER_NODE_FLAGS : ['--enable-source-maps']), path.join(serverDir, 'dist', `${entry}.js`), ...args],
  {
    cwd: serverDir,
    stdio: 'inherit',
    env: { ...COMPILE_CACHE_ENV, ...(isServer ? SERVER_ENV : {}), ...process.env },
  },
);
// A stop asked of this process (Ctrl-C, a supervisor's SIGTERM) is the entry's to handle.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
