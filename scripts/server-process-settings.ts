// How the server's long-lived processes (the web server and the worker) are run from the built tree: by
// `npm start` and `npm run worker` (scripts/run-built.ts) and by the benches that measure them
// (bench/server-process.ts). apps/server's own start and worker scripts (the Procfile's) say the same.
import path from 'node:path';

/** Node's flags: source-mapped stacks; a young generation capped at 2 MB semi-spaces (ADR 030). */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=2'];

/** Where Node keeps the compiled code of the modules it loaded, reused at the next start (ADR 043). */
export const COMPILE_CACHE_DIR = path.resolve(import.meta.dirname, '../node_modules/.cache/node-compile-cache');

/** The environment they start with, under what the caller's environment says: two malloc arenas (ADR 009), the compile cache. */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2', NODE_COMPILE_CACHE: COMPILE_CACHE_DIR };
