// Sign-in: requests/second for /api/check-user (each request from its own forwarded address, so the
// per-address limit is not what is measured), and the cost of one password hash.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { hashPassword, verifyPassword } from '../apps/server/src/auth/password-hash';
import { PRODUCTION_PASSWORD_HASH_COST } from '../apps/server/src/config/env';
import { openDatabase } from '../apps/server/src/db/client';
import { createUser } from '../apps/server/test/fixtures';
import { startServer } from './server-process';

const timings: number[] = [];
let hash = '';
for (let i = 0; i < 5; i++) {
  const started = performance.now();
  hash = await hashPassword('correct horse battery staple', PRODUCTION_PASSWORD_HASH_COST);
  timings.push(performance.now() - started);
}
timings.sort((a, b) => a - b);
const verifyStart = performance.now();
await verifyPassword({ hash, password: 'correct horse battery staple' });
console.log(
  `password hash (scrypt N=2^16 r=8 p=2): median ${timings[2]!.toFixed(0)} ms, min ${timings[0]!.toFixed(0)} ms; verify ${(performance.now() - verifyStart).toFixed(0)} ms`,
);

const dataDir = mkdtempSync(path.join(tmpdir(), 'rv-bench-signin-'));
const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
const { email } = await createUser(database.db, { email: 'bench@example.com' });
await database.close();

const server = await startServer({
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-123',
  // Production's settings on the demo's stand-ins, on purpose (ADR 036).
  ALLOW_DEMO_PROVIDERS: 'true',
});
try {
  let n = 0;
  const result = await autocannon({
    url: `${server.url}/api/check-user`,
    connections: 20,
    duration: 10,
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email }),
    setupClient(client) {
      client.on('response', () => {
        n += 1;
        client.setHeaders({
          'content-type': 'application/json',
          origin: server.url,
          'x-forwarded-for': `10.1.${(n >> 8) & 255}.${n & 255}`,
        });
      });
    },
  });
  console.log(
    `/api/check-user: ${Math.round(result.requests.average)} req/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`,
  );
} finally {
  await server.stop();
}
