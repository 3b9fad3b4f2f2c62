import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type App, type BuildOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config/env';
import { onServer, postgresTemplateName, readPgliteTemplate } from './database-template';

export const TEST_ORIGIN = 'http://localhost:3000';

/**
 * scrypt's cost for the tests' password hashes (PASSWORD_HASH_COST; production's is 16 at least): a hash
 * at 16 takes ~0.4 s of a core, and the suite makes hundreds (a third of the server tests' time).
 */
export const TEST_PASSWORD_HASH_COST = 10;

/**
 * A real app on a real database for API tests: PGlite in memory by default, or a fresh database on
 * the PostgreSQL server named by TEST_DATABASE_URL (the same suite runs on both).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildOptions, 'remoteEngines' | 'logStream' | 'role'> = {},
): Promise<{ app: App; config: Config; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rv-test-'));
  // A DATABASE_URL in `env` puts this app on another test app's database (that app drops it).
  const { databaseUrl, drop: dropDatabase } = env.DATABASE_URL
    ? { databaseUrl: env.DATABASE_URL, drop: async () => {} }
    : await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: TEST_ORIGIN,
    // A test app's close waits for its running jobs at most 80% of this (2.5 s, then they are given back).
    SHUTDOWN_DEADLINE_MS: '5000',
    // Production refuses a cost below its own: an app started as production hashes as production does.
    ...(env.NODE_ENV === 'production' ? {} : { PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST) }),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  // Logging is off unless the test reads the lines (logStream, at the LOG_LEVEL it gives in `env`).
  const app = await buildApp(config, {
    pgliteDir: 'memory://',
    pgliteFrom: readPgliteTemplate(),
    jobPollingSeconds: 0.5,
    logger: Boolean(options.logStream),
    ...options,
  });
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh database on the PostgreSQL server named by TEST_DATABASE_URL (its URL, and `drop` to remove
 * it), or no URL when the suite runs on PGlite.
 */
export async function createTestDatabase(): Promise<{ databaseUrl: string | undefined; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { databaseUrl: undefined, drop: async () => {} };
  const name = `rv_test_${randomBytes(6).toString('hex')}`;
  const template = postgresTemplateName();
  await onServer(serverUrl, (admin) => admin.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: () => onServer(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

/** Waits until `check` returns a truthy value (jobs run asynchronously), or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Builds a multipart body for app.inject from text fields and files. */
export function multipart(fields: Record<string, string>, files: { field: string; filename: string; data: Buffer; type?: string }[] = []) {
  const boundary = `----rv${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
