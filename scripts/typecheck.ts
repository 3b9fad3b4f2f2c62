// `npm run typecheck`: every TypeScript project of the repository, checked by TypeScript's native compiler
// (7.x, the `typescript-7` alias: ADR 042). typescript-eslint, Vite and vitest keep the JavaScript compiler
// (the `typescript` package, 6.0), whose API they need; both read the same tsconfig files.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const PROJECTS = ['packages/contracts', 'apps/server', 'apps/web', '.', 'bench/browser'];
// The package exports no path to its command: its folder is found from its package.json.
const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript-7/package.json')), 'bin/tsc');

let failed = false;
for (const project of PROJECTS) {
  const result = spawnSync(process.execPath, [tsc, '-p', project], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`typecheck: ${project} has errors`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
