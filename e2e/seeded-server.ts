// A spec's own server: a throwaway DATA_DIR whose PGlite database the spec seeds before the server starts
// (rows straight into the database, with real image files), then `npm start`'s built entry on a free port.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { openDatabase } from '../apps/server/src/db/client';
import { freshDataDir } from '../apps/server/test/database-template';
import { createUser } from '../apps/server/test/fixtures';
import { freePort } from '../scripts/pg-cluster';
import { SERVER_ENTRY, SERVER_ENV, SERVER_NODE_FLAGS } from '../scripts/server-process-settings';

export interface SeededServer {
  url: string;
  dataDir: string;
  stop: () => Promise<void>;
}

export async function startSeededServer(
  name: string,
  seed: (dataDir: string) => Promise<void>,
  extraEnv: Record<string, string> = {},
): Promise<SeededServer> {
  const dataDir = freshDataDir(`rv-e2e-${name}-`);
  await seed(dataDir);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'NODE_OPTIONS' && !key.startsWith('PW_')));
  // The built server, as `npm start` runs it (the browser tests run after `npm run build`): from the sources
  // through tsx, each start compiled the server again.
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
    env: {
      ...env,
      ...SERVER_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PASSWORD_HASH_COST: '10',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await expect
    .poll(
      () =>
        fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        ),
      { timeout: 120_000, intervals: [250] },
    )
    .toBe(true);
  return {
    url,
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A spec's own server whose local engines take `delayMs` per call (LOCAL_ENGINE_DELAY_MS, the engines' own
 * latency knob), with `users` seeded (active subscribers with a password): a design or an analysis stays
 * under way long enough for a journey to reload its page mid-way, whatever the machine's speed.
 */
export function startSlowEngineServer(name: string, users: { email: string; name: string; password: string }[], delayMs: number) {
  return startSeededServer(
    name,
    async (dataDir) => {
      const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
      for (const user of users) await createUser(database.db, { ...user, subscriptionStatus: 'active' });
      await database.close();
    },
    { LOCAL_ENGINE_DELAY_MS: String(delayMs) },
  );
}
