import { globSync, readFileSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

const shared = { testTimeout: 30_000, hookTimeout: 60_000, pool: 'forks', maxWorkers: 2 } as const;

const NODE_TESTS = [
  'apps/server/src/**/*.test.ts',
  'apps/server/test/**/*.test.ts',
  'packages/**/src/**/*.test.ts',
  'scripts/**/*.test.ts',
  'apps/web/vite/**/*.test.ts',
];
/**
 * The server's tests share their worker's modules (isolate: false): each file builds its own app and
 * database, and nothing of an app lives at module level, so a worker imports the server once instead of
 * once per file (about 2 minutes of a run; ADR 045). Two kinds of file get a process of their own, in the
 * 'node-isolated' project, found here by what they say: one that replaces a module (vi.mock), which needs
 * a module graph of its own, and one that measures its process (the main thread's CPU time), which the
 * files before it in a shared worker would charge with their garbage and timers.
 */
const ISOLATED_NODE_TESTS = globSync(NODE_TESTS, { exclude: (name) => name === 'node_modules' }).filter((file) =>
  /\bvi\.(mock|doMock)\(|\/proc\/self\/task\//.test(readFileSync(file, 'utf8')),
);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'node',
          include: NODE_TESTS,
          exclude: [...configDefaults.exclude, ...ISOLATED_NODE_TESTS],
          isolate: false,
          environment: 'node',
          globalSetup: ['./vitest.global-setup.ts'],
        },
      },
      {
        test: {
          ...shared,
          name: 'node-isolated',
          include: ISOLATED_NODE_TESTS,
          environment: 'node',
          globalSetup: ['./vitest.global-setup.ts'],
        },
      },
      {
        // The web app's unit and component tests (Testing Library) run in a browser-like DOM.
        // `@test/` is the web's test helpers, outside its production tree (apps/web/test).
        resolve: {
          alias: {
            '@test': new URL('./apps/web/test', import.meta.url).pathname,
            '@': new URL('./apps/web/src', import.meta.url).pathname,
          },
        },
        test: {
          ...shared,
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // Worker threads, not processes: the web's tests need no process of their own, and a thread starts
          // sooner (70 files: 58 s instead of 66 s here).
          pool: 'threads',
        },
      },
    ],
  },
});
