import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run lint` fails on an import that crosses the layer map (ARCHITECTURE.md, 'Layers'): each case
 * lints one import, as a file at that place in the repository would, with the project's own config.
 */
const cwd = new URL('..', import.meta.url).pathname;
const LAYER_RULES = ['import-x/no-restricted-paths', 'no-restricted-imports'];
const CYCLE_RULE = 'import-x/no-cycle';
/**
 * The project's config; for the layer cases with the cycle rule off (it follows every import through the
 * whole graph, a cost each of those cases would pay for nothing: it has its own cases below).
 */
let layerLint: ESLint;
let projectLint: ESLint;
beforeAll(() => {
  layerLint = new ESLint({ cwd, overrideConfig: { rules: { [CYCLE_RULE]: 'off' } } });
  projectLint = new ESLint({ cwd });
});

async function lintImport(file: string, code: string, { eslint = layerLint, rules = LAYER_RULES } = {}): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = [x];\n`, { filePath: file });
  return (result?.messages ?? []).filter((m) => m.ruleId && rules.includes(m.ruleId)).map((m) => m.message);
}

describe('the layer map as a lint rule', () => {
  it.each([
    [
      'a job importing the operation it runs',
      'apps/server/src/jobs/crossing.ts',
      "import { generateDesign as x } from '../features/designs/creation/generate-design';",
      'The prompts, jobs and auth floor',
    ],
    [
      'a port importing a route file',
      'apps/server/src/storage/crossing.ts',
      "import { fileRoutes as x } from '../features/files/files.routes';",
      'The storage, mail, uploads and payments floor',
    ],
    [
      'an operation importing the composition root',
      'apps/server/src/features/designs/creation/crossing.ts',
      "import { createServices as x } from '../../../composition-root';",
      'The features floor',
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
      'The features floor',
    ],
    // One case per floor: each of the crossings the floors were made to end (ADR 041).
    [
      'the environment importing the engines (the model check belongs where engines are built)',
      'apps/server/src/config/env.ts',
      "import { undescribedModels as x } from '../engines/engine-models';",
      'The config floor',
    ],
    [
      'the schema importing a type from the engines (stored types belong in domain/)',
      'apps/server/src/db/schema.ts',
      "import type { ImageEngine as x } from '../engines/image-engine';",
      'The db (with domain/, lib/ and metrics/) floor',
    ],
    [
      'a port importing the composition root (a CLI beside its port)',
      'apps/server/src/payments/crossing.ts',
      "import { createServices as x } from '../composition-root';",
      'The storage, mail, uploads and payments floor',
    ],
    [
      'storage asking for a job',
      'apps/server/src/storage/crossing.ts',
      "import { requestObjectDeletions as x } from '../jobs/delete-objects-job';",
      'The storage, mail, uploads and payments floor',
    ],
    [
      'an engine importing a prompt',
      'apps/server/src/engines/crossing.ts',
      "import { buildDesignPrompt as x } from '../prompts/build-design-prompt';",
      'The engines floor',
    ],
    [
      'auth importing the services interface',
      'apps/server/src/auth/session-guard.ts',
      "import type { Services as x } from '../services';",
      'The prompts, jobs and auth floor',
    ],
    [
      'a job importing the services interface',
      'apps/server/src/jobs/job-definition.ts',
      "import type { Services as x } from '../services';",
      'The prompts, jobs and auth floor',
    ],
    [
      'an operation importing an entry point',
      'apps/server/src/features/designs/creation/crossing.ts',
      "import { main as x } from '../../../cli/main';",
      'The features floor',
    ],
    [
      'a route file importing the composition root',
      'apps/server/src/features/designs/creation/crossing.routes.ts',
      "import { createServices as x } from '../../../composition-root';",
      'The routes and web floor',
    ],
    [
      "a server feature reaching into another feature's files",
      'apps/server/src/features/privacy/crossing.ts',
      "import { designFiles as x } from '../designs/images/design-files';",
      'A server feature reaches another only through',
    ],
    [
      "a server feature reaching into another feature's top-level file",
      'apps/server/src/features/admin/crossing.ts',
      "import { loadDesignImages as x } from '../designs/load-design-images';",
      'A server feature reaches another only through',
    ],
    [
      'a lower design sub-domain importing a higher one (view from images)',
      'apps/server/src/features/designs/view/crossing.ts',
      "import { updateDesignImage as x } from '../images/update-design-image';",
      'The design sub-domains run one way',
    ],
    [
      'a middle design sub-domain importing a top one (images from listing)',
      'apps/server/src/features/designs/images/crossing.ts',
      "import { listDesigns as x } from '../listing/list-designs';",
      'The design sub-domains run one way',
    ],
    [
      'one top design sub-domain importing another',
      'apps/server/src/features/designs/tasks/crossing.ts',
      "import { createDesign as x } from '../creation/create-design';",
      'The design sub-domains creation, tasks and listing import none of each other',
    ],
    [
      "a design sub-domain importing the spec's adapter (images from spec)",
      'apps/server/src/features/designs/images/crossing.ts',
      "import { imageIdAtPosition as x } from '../spec/delete-at-position';",
      "The designs' core works by ids",
    ],
    [
      "a core design route file importing the spec's answers (listing from spec)",
      'apps/server/src/features/designs/listing/crossing.routes.ts',
      "import { toMyDesignRecord as x } from '../spec/spec-design-record';",
      "The designs' core works by ids",
    ],
    [
      "a file at the designs' root importing the spec's adapter",
      'apps/server/src/features/designs/crossing.ts',
      "import { mapsToImageChanges as x } from './spec/update-design-maps';",
      "The designs' core works by ids",
    ],
    // The web designs' sub-domains (ARCHITECTURE.md, 'Designs by sub-domain').
    [
      'a low web design sub-domain importing a higher one (images from view)',
      'apps/web/src/features/designs/images/crossing.ts',
      "import { ResultsPage as x } from '../view/components/results-page';",
      'The web design sub-domains run one way',
    ],
    [
      'one low web design sub-domain importing another (tasks from sharing)',
      'apps/web/src/features/designs/tasks/crossing.ts',
      "import { shareRoom as x } from '@/features/designs/sharing/api/share-room';",
      'The web design sub-domains images, sharing and tasks import none of each other',
    ],
    [
      'the web view importing the tool forms (view from creation)',
      'apps/web/src/features/designs/view/components/crossing.tsx',
      "import { furnishingForm as x } from '../../creation/tool-forms';",
      'The web design sub-domains run one way',
    ],
    [
      'the web tool forms importing My Designs (creation from listing)',
      'apps/web/src/features/designs/creation/components/crossing.tsx',
      "import { MyDesignsSection as x } from '../../listing/components/my-designs-section';",
      'The web design sub-domains run one way',
    ],
    [
      'the test package importing a server module',
      'packages/testing/src/crossing.ts',
      "import type { Db as x } from '@rv/server/db/client';",
      '@rv/testing imports no server module',
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
      "import { createTestApp as x } from '../../test/test-app';",
      'Production code imports no test helper',
    ],
    [
      "a web component importing the web's test helpers",
      'apps/web/src/features/designs/view/components/crossing.tsx',
      "import { viewImage as x } from '@test/design-image';",
      "The web's test helpers",
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
    [
      'a server feature using another through its public module',
      'apps/server/src/features/privacy/crossing.ts',
      "import { designFiles as x } from '../designs';",
    ],
    [
      'a feature using its own files and a lower floor',
      'apps/server/src/features/designs/tasks/crossing.ts',
      "import { loadDesignImages as x } from '../load-design-images';\nimport { EngineError as y } from '../../../engines/image-engine';\nexport const also = [y];",
    ],
    [
      'a higher design sub-domain importing a lower one',
      'apps/server/src/features/designs/images/crossing.ts',
      "import { loadDesignView as x } from '../view/load-design-view';",
    ],
    [
      "the spec's adapter using the designs' core",
      'apps/server/src/features/designs/spec/crossing.ts',
      "import { fixRoom as x } from '../tasks/fix-room';\nimport { loadDesignView as y } from '../view/load-design-view';\nexport const also = [y];",
    ],
    [
      "a spec route file calling the spec's and the core's operations",
      'apps/server/src/features/designs/spec/crossing.routes.ts',
      "import { deleteAtPosition as x } from './delete-at-position';\nimport { listDesigns as y } from '../listing/list-designs';\nexport const also = [y];",
    ],
    [
      'My Designs using the tool forms and the results page (listing from creation and view)',
      'apps/web/src/features/designs/listing/components/crossing.tsx',
      "import { furnishingForm as x } from '../../creation/tool-forms';\nimport { ResultsPage as y } from '../../view/components/results-page';\nexport const also = [y];",
    ],
    [
      'the web view using a low sub-domain (view from sharing)',
      'apps/web/src/features/designs/view/components/crossing.tsx',
      "import { shareRoom as x } from '../../sharing/api/share-room';",
    ],
    ['an entry point starting the app', 'apps/server/src/cli/main.ts', "import { buildApp as x } from '../app';"],
    ['a CLI building the services', 'apps/server/src/cli/admin-cli.ts', "import { createServices as x } from '../composition-root';"],
    ['a test using test-only code', 'apps/server/src/engines/crossing.test.ts', "import { drawRoom as x } from '@rv/testing/test-rooms';"],
  ])('%s passes', async (_name, file, code) => {
    expect(await lintImport(file, code)).toEqual([]);
  });
});

describe('no import cycle anywhere', () => {
  // Two files planted in a folder of the repository (so the project's config applies): b imports a, and the
  // linted a imports b.
  let planted: string;
  beforeAll(() => {
    planted = mkdtempSync(path.join(new URL('.', import.meta.url).pathname, 'planted-cycle-'));
    writeFileSync(path.join(planted, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
    writeFileSync(path.join(planted, 'a.ts'), 'export const a = 1;\n');
  });
  afterAll(() => rmSync(planted, { recursive: true, force: true }));

  it('a planted two-file cycle fails', async () => {
    const messages = await lintImport(path.join(planted, 'a.ts'), "import { b as x } from './b';", {
      eslint: projectLint,
      rules: [CYCLE_RULE],
    });
    expect(messages).toEqual(expect.arrayContaining([expect.stringContaining('Dependency cycle detected')]));
  });

  it('the same two files without the way back pass', async () => {
    expect(
      await lintImport(path.join(planted, 'c.ts'), "import { b as x } from './b';", { eslint: projectLint, rules: [CYCLE_RULE] }),
    ).toEqual([]);
  });
});

describe('dates in the web go through lib/dates.ts', () => {
  const INTL_RULE = ['no-restricted-properties'];
  const planted = "const x = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });";

  it('a page module making an Intl.DateTimeFormat fails', async () => {
    expect(await lintImport('apps/web/src/features/account/components/planted.tsx', planted, { rules: INTL_RULE })).toEqual([
      expect.stringContaining('Format dates with lib/dates.ts'),
    ]);
  });

  it('the shop, which reads the time zone, and tests pass', async () => {
    expect(await lintImport('apps/web/src/features/shop/browser-store-country.ts', planted, { rules: INTL_RULE })).toEqual([]);
    expect(await lintImport('apps/web/src/features/account/components/planted.test.tsx', planted, { rules: INTL_RULE })).toEqual([]);
  });
});
