// How the server's long-lived processes (the web server and the worker) are run from the built tree: by
// `npm start` and `npm run worker` (scripts/run-built.ts) and by the benches that measure them
// (bench/server-process.ts), and the browser tests' own servers (e2e/seeded-server.ts). apps/server's own
// start and worker scripts (the Procfile's) say the same, without the compile cache.
import path from 'node:path';

/** The built web server's entry point, from the repository's root (`npm run build` makes it). */
export const SERVER_ENTRY = 'apps/server/dist/main.js';

/**
 * Node's flags: source-mapped stacks; a young generation capped at 2 MB semi-spaces (ADR 030); the old
 * generation grown by 30% past what a collection kept, not up to 4x (ADR 047).
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=2', '--heap-growing-percent=30'];

/**
 * The environment they start with, under what the caller's environment says: two malloc arenas (ADR 009),
 * and blocks of 128 KiB or more (libvips' pixel buffers) mapped on their own, so a freed one goes back to
 * the system (ADR 047).
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

/**
 * Node's compile cache: the compiled code of the modules a process loaded, kept here and reused at its next
 * start. `npm start` and the operator's commands use it (a start 0.2-0.3 s sooner); the Procfile's processes
 * do not, because on a PostgreSQL web process the cached code costs ~10 MB of its 150 MB (ADR 043).
 */
export const COMPILE_CACHE_ENV = { NODE_COMPILE_CACHE: path.resolve(import.meta.dirname, '../node_modules/.cache/node-compile-cache') };
