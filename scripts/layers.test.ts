import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run lint` fails on an import that crosses the layer map (ARCHITECTURE.md, 'Layers'): each case
 * lints one import, as a file at that place in the repository would, with the project's own config.
 */
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });
});

async function lintImport(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = [x];\n`, { filePath: file });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths' || m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

describe('the layer map as a lint rule', () => {
  it.each([
    [
      'a job importing the operation it runs',
      'apps/server/src/jobs/crossing.ts',
      "import { generateDesign as x } from '../features/designs/creation/generate-design';",
      'Ports and shared code',
    ],
    [
      'a port importing a route file',
      'apps/server/src/storage/crossing.ts',
      "import { fileRoutes as x } from '../features/files/files.routes';",
      'Ports and shared code',
    ],
    [
      'an operation importing the composition root',
      'apps/server/src/features/designs/creation/crossing.ts',
      "import { createServices as x } from '../../../composition-root';",
      'The composition root',
    ],
    [
      'an operation importing the web layer',
      'apps/server/src/features/designs/creation/crossing.ts',
      "import { serveWeb as x } from '../../../web/serve-web';",
      'An operation never imports',
    ],
    [
      'a route file importing another route file',
      'apps/server/src/features/designs/creation/crossing.routes.ts',
      "import { accountRoutes as x } from '../../account/account.routes';",
      'A route file imports no other',
    ],
    [
      'a route file running its own query',
      'apps/server/src/features/designs/creation/crossing.routes.ts',
      "import { users as x } from '../../../db/schema';",
      'Routes parse, guard',
    ],
    [
      'a route file of the former debt list running its own query (no file is exempt)',
      'apps/server/src/features/account/account.routes.ts',
      "import { users as x } from '../../db/schema';",
      'Routes parse, guard',
    ],
    [
      'the services interface importing the composition root',
      'apps/server/src/services.ts',
      "import { createServices as x } from './composition-root';",
      'The composition root',
    ],
    [
      'shared web code importing a feature',
      'apps/web/src/lib/crossing.ts',
      "import { ShopDialog as x } from '@/features/shop/components/shop-dialog';",
      'Shared web code',
    ],
    [
      'a web feature importing another feature',
      'apps/web/src/features/designs/crossing.ts',
      "import { ShopDialog as x } from '@/features/shop/components/shop-dialog';",
      'A feature imports no other feature',
    ],
    [
      'production code importing test-only code',
      'apps/server/src/engines/crossing.ts',
      "import { drawRoom as x } from '@rv/testing/test-rooms';",
      'Test-only code',
    ],
    [
      'production code importing a test helper',
      'apps/server/src/lib/crossing.ts',
      "import { createTestApp as x } from '../test/test-app';",
      'Production code imports no test helper',
    ],
  ])('%s fails', async (_name, file, code, message) => {
    expect(await lintImport(file, code)).toEqual(expect.arrayContaining([expect.stringContaining(message)]));
  });

  it.each([
    [
      'an operation using the database',
      'apps/server/src/features/designs/creation/crossing.ts',
      "import { users as x } from '../../../db/schema';",
    ],
    [
      'a route file calling an operation',
      'apps/server/src/features/designs/creation/crossing.routes.ts',
      "import { createDesign as x } from './create-design';",
    ],
    [
      'the composition root wiring an operation into a job',
      'apps/server/src/composition-root.ts',
      "import { generateDesign as x } from './features/designs/creation/generate-design';",
    ],
    ['an entry point starting the app', 'apps/server/src/cli/main.ts', "import { buildApp as x } from '../app';"],
    ['a CLI building the services', 'apps/server/src/cli/admin-cli.ts', "import { createServices as x } from '../composition-root';"],
    ['a test using test-only code', 'apps/server/src/engines/crossing.test.ts', "import { drawRoom as x } from '@rv/testing/test-rooms';"],
  ])('%s passes', async (_name, file, code) => {
    expect(await lintImport(file, code)).toEqual([]);
  });
});
