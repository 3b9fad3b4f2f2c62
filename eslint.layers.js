// The layer map of ARCHITECTURE.md ('Layers'), as lint rules: an import that runs back up a layer fails
// `npm run lint` (scripts/layers.test.ts proves it on a crossing import). Each zone reads: files in
// `target` may not import files in `from`. Test files and test helpers are outside the map.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import importX from 'eslint-plugin-import-x';

const root = path.dirname(fileURLToPath(import.meta.url));
const server = 'apps/server/src';
const web = 'apps/web/src';

/** Test files and test-only helpers: they may reach anything, and production code may reach none of them. */
export const testOnly = [
  '**/*.test.ts',
  '**/*.test.tsx',
  '**/*.typecheck.ts',
  `${server}/test/**`,
  `${server}/faults/**`,
  `${web}/test/**`,
  'packages/testing/**',
];

/** The process entry points (cli/) and the composition root: the top of the server, imported by nothing in it. */
const serverEntries = [`${server}/{app,composition-root}.ts`, `${server}/cli/**`];
/** Route files: parse, guard, call an operation, answer. */
const serverRoutes = [`${server}/**/*.routes.ts`, `${server}/auth/{auth-routes}.ts`, `${server}/web/**`];
/** Below the operations: the ports, their implementations and the shared helpers. */
const serverPorts = ['db', 'storage', 'mail', 'engines', 'payments', 'uploads', 'prompts', 'jobs', 'lib', 'config', 'auth', 'metrics'].map(
  (dir) => `${server}/${dir}/**`,
);

const webFeatures = readdirSync(path.join(root, web, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const zones = [
  // Server
  {
    // Every file but the entry points themselves (which compose each other: main starts the app).
    target: [`${server}/!(app|composition-root).ts`, `${server}/!(cli)/**`],
    from: serverEntries,
    message: 'The composition root and the entry points are imported by no one below them: receive what you need instead.',
  },
  {
    target: serverPorts,
    from: [`${server}/features/**`, ...serverRoutes],
    message: 'Ports and shared code sit below the operations and routes: this import runs back up (jobs receive the operations they run).',
  },
  {
    target: [`${server}/features/**/!(*.routes).ts`],
    from: serverRoutes,
    message: 'An operation never imports a route file or the web layer: move what both need below them.',
  },
  {
    target: serverRoutes.filter((glob) => !glob.endsWith('/web/**')),
    from: [`${server}/**/*.routes.ts`, `${server}/auth/{auth-routes}.ts`],
    message: 'A route file imports no other route file: shared code belongs in an operation or lib/.',
  },
  {
    target: [`${server}/**/*.routes.ts`],
    from: [`${server}/db/**`, `${server}/jobs/**`],
    message: 'Routes parse, guard, call one operation and answer: the database and the job queue are reached through an operation.',
  },
  // Web
  {
    target: [`${web}/components/**`, `${web}/lib/**`, `${web}/config/**`],
    from: [`${web}/features/**`, `${web}/app/**`],
    message: 'Shared web code sits below the features and the app shell: this import runs back up.',
  },
  {
    target: [`${web}/lib/**`, `${web}/config/**`],
    from: [`${web}/components/**`],
    message: 'lib/ and config/ sit below components/.',
  },
  {
    target: [`${web}/features/**`],
    from: [`${web}/app/**`, `${web}/{main,entry-server}.tsx`],
    message: 'A feature never imports the app shell: the app composes the features.',
  },
  {
    target: [`${server}/**`, `${web}/**`],
    from: testOnly.filter((glob) => !glob.startsWith('**')),
    message: 'Production code imports no test helper.',
  },
  ...webFeatures.map((feature) => ({
    target: [`${web}/features/${feature}/**`],
    from: [`${web}/features/!(${feature})/**`],
    message: 'A feature imports no other feature: move what both need to components/ or lib/.',
  })),
];

/** @type {import('eslint').Linter.Config[]} */
export const layers = [
  {
    files: [`${server}/**/*.ts`, `${web}/**/*.{ts,tsx}`],
    ignores: testOnly,
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        importX.createNodeResolver({
          extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'],
          alias: { '@': [path.join(root, web)] },
          conditionNames: ['import', 'default'],
        }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones }] },
  },
  {
    // Test-only code lives in @rv/testing (and the test folders): production code cannot import it.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/contracts/src/**/*.ts'],
    ignores: testOnly,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@rv/testing', '@rv/testing/*'],
              message: 'Test-only code (@rv/testing) is for tests, the browser journeys and the benches.',
            },
          ],
        },
      ],
    },
  },
];
