// `npm run lint:api`: the API's OpenAPI document as the server builds it, checked by Redocly's
// recommended rules. The app is built on an in-memory database (no port is opened), its document
// written to a temporary file and linted with the installed @redocly/cli; any error fails the run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/env';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(path.join(tmpdir(), 'rv-openapi-'));
let status: number;
try {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(work, 'data'),
    LOG_LEVEL: 'silent',
    PUBLIC_URL: process.env.PUBLIC_URL ?? 'https://roomvisualizer.example',
  });
  const app = await buildApp(config, { pgliteDir: 'memory://', role: 'web', logger: false });
  try {
    await app.ready();
    const document = path.join(work, 'openapi.json');
    writeFileSync(document, JSON.stringify(app.swagger(), null, 2));
    const redocly = path.join(root, 'node_modules', '.bin', 'redocly');
    const lint = spawnSync(redocly, ['lint', '--extends=recommended', '--format=stylish', '--max-problems=1000', document], {
      stdio: 'inherit',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    status = lint.status ?? 1;
  } finally {
    await app.close();
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exit(status);
