import { defineConfig } from 'vitest/config';

const shared = { testTimeout: 30_000, hookTimeout: 60_000, pool: 'forks', maxWorkers: 2 } as const;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'node',
          include: [
            'apps/server/src/**/*.test.ts',
            'apps/server/test/**/*.test.ts',
            'packages/**/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
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
        },
      },
    ],
  },
});
