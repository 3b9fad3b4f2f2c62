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
  'apps/server/test/**',
  'apps/web/test/**',
  'packages/testing/**',
];

/** The process entry points (cli/) and the composition root: the top of the server, imported by nothing in it. */
const serverEntries = [`${server}/{app,composition-root}.ts`, `${server}/cli/**`];
/** Route files: parse, guard, call an operation, answer. */
const serverRoutes = [`${server}/**/*.routes.ts`, `${server}/auth/auth-route[s].ts`, `${server}/web/**`];
/**
 * A folder (or a file) of the server, as globs.
 * @param {...string} paths
 */
const at = (...paths) => paths.map((entry) => (entry.endsWith('.ts') ? `${server}/${entry}` : `${server}/${entry}/**`));

/**
 * The server's floors, lowest first (ARCHITECTURE.md, 'Layers'; ADR 041): a file imports its own floor and
 * the floors below it, never one above.
 */
const serverFloors = [
  { name: 'config', files: at('config') },
  { name: 'db (with domain/, lib/ and metrics/)', files: at('db', 'domain', 'lib', 'metrics') },
  { name: 'storage, mail, uploads and payments', files: at('storage', 'mail', 'uploads', 'payments') },
  { name: 'engines', files: at('engines') },
  { name: 'prompts, jobs and auth', files: [...at('prompts', 'jobs'), `${server}/auth/!(auth-routes).ts`] },
  { name: 'features', files: [`${server}/features/**/!(*.routes).ts`, `${server}/service[s].ts`] },
  { name: 'routes and web', files: serverRoutes },
  { name: 'entry points and composition root', files: serverEntries },
];

const serverFeatures = readdirSync(path.join(root, server, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The designs feature's sub-domains, lowest first; the last three import none of each other. */
const designTop = ['creation', 'tasks', 'listing'];
const designSubDomains = [['view'], ['sharing'], ['images'], designTop];

const webFeatures = readdirSync(path.join(root, web, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const zones = [
  // Server: each floor imports nothing above it.
  ...serverFloors.slice(0, -1).map((floor, index) => ({
    target: floor.files,
    from: serverFloors.slice(index + 1).flatMap((above) => above.files),
    message: `The ${floor.name} floor imports only its own floor and the floors below it (ARCHITECTURE.md, 'Layers'): this import runs back up. Receive what you need, or move the shared piece down.`,
  })),
  {
    target: [`${server}/features/**/!(*.routes).ts`],
    from: serverRoutes,
    message: 'An operation never imports a route file or the web layer: move what both need below them.',
  },
  {
    target: serverRoutes.filter((glob) => !glob.endsWith('/web/**')),
    from: [`${server}/**/*.routes.ts`, `${server}/auth/auth-route[s].ts`],
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
  ...serverFeatures.map((feature) => ({
    target: [`${server}/features/${feature}/**`],
    from: [`${server}/features/!(${feature})/*/**`, `${server}/features/!(${feature})/!(index).ts`],
    message: "A server feature reaches another only through that feature's index.ts (its public module), or the shared piece moves down.",
  })),
  ...designSubDomains.slice(0, -1).map((floor, index) => ({
    target: floor.map((dir) => `${server}/features/designs/${dir}/**`),
    from: designSubDomains.slice(index + 1).flatMap((above) => above.map((dir) => `${server}/features/designs/${dir}/**`)),
    message: 'The design sub-domains run one way (view, sharing, images, then creation, tasks and listing): this import runs back up.',
  })),
  {
    // The spec's adapter (its routes, answers and positions over images) sits on top of the designs' core,
    // which works by ids: the adapter uses the core, never the other way (docs/architecture/designs.md#designs-by-sub-domain).
    target: [`${server}/features/designs/!(spec)/**`, `${server}/features/designs/*.ts`],
    from: [`${server}/features/designs/spec/**`],
    message:
      "The designs' core works by ids and imports nothing of the spec's adapter (features/designs/spec/): translate in spec/ and call the core from there.",
  },
  ...designTop.map((dir) => ({
    target: [`${server}/features/designs/${dir}/**`],
    from: designTop.filter((other) => other !== dir).map((other) => `${server}/features/designs/${other}/**`),
    message: 'The design sub-domains creation, tasks and listing import none of each other: move what both need to images/ or designs/.',
  })),
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
          alias: { '@': [path.join(root, web)], '@test': [path.join(root, 'apps/web/test')] },
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
            {
              group: ['@test/*'],
              message: "The web's test helpers (apps/web/test) are for its tests.",
            },
          ],
        },
      ],
    },
  },
  {
    // @rv/testing sits below the apps: it depends on the contracts and its own fixtures, never on a server
    // module (a helper that needs one lives in apps/server/test/, or is handed what it needs).
    files: ['packages/testing/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@rv/server', '@rv/server/*', '**/apps/server/**'],
              message: '@rv/testing imports no server module: move the helper to apps/server/test/ or pass in what it needs.',
            },
          ],
        },
      ],
    },
  },
];
