import path from 'node:path';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { createAuth, type Auth } from './auth/create-auth';
import type { Config } from './config/env';
import { openDatabase, type Database } from './db/client';
import { startJobQueue, type JobQueue } from './jobs/job-queue';
import { createEngines, type RemoteEngineTuning } from './engines/create-engines';
import type { EngineCallRecord } from './engines/record-engine-calls';
import { saveEngineCall } from './features/admin/save-engine-call';
import type { ImageEngine } from './engines/image-engine';
import { closePixelPool } from './engines/pixel-threads/pixel-pool';
import type { VisionEngine } from './engines/vision-engine';
import { createMailer } from './mail/create-mailer';
import type { Mailer } from './mail/mailer';
import { createPayments } from './payments/create-payments';
import type { PaymentsProvider } from './payments/payments-provider';
import { createStorage } from './storage/create-storage';
import type { Storage } from './storage/storage';

/** Everything a route or a job needs from the outside world, built once from configuration. */
export interface Services {
  config: Config;
  log: Logger;
  database: Database;
  storage: Storage;
  mailer: Mailer;
  jobs: JobQueue;
  auth: Auth;
  payments: PaymentsProvider;
  imageEngine: ImageEngine;
  visionEngine: VisionEngine;
}

export interface ServiceOptions {
  /** Overrides where PGlite keeps its data ('memory://' for tests). */
  pgliteDir?: string;
  /** Base URL, time-out and retry timing of the remote engines (tests point them at a local server). */
  remoteEngines?: RemoteEngineTuning;
}

export async function createServices(config: Config, log: Logger, options: ServiceOptions = {}): Promise<Services> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: options.pgliteDir ?? path.join(config.DATA_DIR, 'pglite'),
  });
  const jobs = await startJobQueue(database, log, { jobExpirySeconds: config.JOB_EXPIRY_SECONDS });
  const saveCall = (record: EngineCallRecord) =>
    void saveEngineCall(database.db, log, config, record).catch((error: unknown) =>
      log.error({ err: error }, 'could not save an engine call'),
    );
  return {
    config,
    log,
    database,
    storage: createStorage(config),
    mailer: createMailer(config, log),
    jobs,
    auth: createAuth(config, database.db),
    payments: createPayments(config, database.db),
    ...createEngines(config, options.remoteEngines, saveCall),
  };
}

export async function closeServices(services: Services): Promise<void> {
  await services.jobs.stop({ graceful: true, wait: true, timeout: 5_000 }).catch(() => undefined);
  await closePixelPool();
  await services.database.close();
}
