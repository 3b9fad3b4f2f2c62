// The composition root: the one place that builds the services from configuration and hands the job
// loops the operations they run. Only the process entry points (app.ts, worker.ts, the CLIs) import it;
// the layers below receive what they need (ARCHITECTURE.md, 'Layers').

import path from 'node:path';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { createAuth } from './auth/create-auth';
import type { Config } from './config/env';
import { openDatabase } from './db/client';
import { createEngines, refuseUndescribedModels, type RemoteEngineTuning } from './engines/create-engines';
import { estimateCostUsd } from './engines/engine-prices';
import { closePixelPool } from './engines/pixel-threads/pixel-pool';
import type { EngineCallRecord } from './engines/record-engine-calls';
import { saveEngineCall } from './features/admin/save-engine-call';
import { failDesign } from './features/designs/creation/fail-design';
import { failDesignTask } from './features/designs/tasks/fail-design-task';
import { generateDesign } from './features/designs/creation/generate-design';
import { runDesignTask } from './features/designs/tasks/run-design-task';
import { failStyleLens, runStyleLens } from './features/style-lens/run-style-lens';
import { endRunningAttempts, startJobQueue } from './jobs/job-queue';
import { stopTakingWork } from './jobs/job-definition';
import { GENERATION_FAILED } from './jobs/generate-design-job';
import { readQueueStats } from './jobs/queue-stats';
import { registerQueues } from './jobs/register-queues';
import { createMetrics } from './metrics/metrics';
import { createEngineCheckMemory } from './engines/engine-check-memory';
import { createMailer } from './mail/create-mailer';
import { createPayments } from './payments/create-payments';
import type { Services } from './services';
import { createStorage } from './storage/create-storage';

export interface ServiceOptions {
  /** Overrides where PGlite keeps its data ('memory://' for tests). */
  pgliteDir?: string;
  /** A dumped PGlite data folder to start the in-memory database from (the tests' migrated template). */
  pgliteFrom?: Blob;
  /** Base URL, time-out and retry timing of the remote engines (tests point them at a local server). */
  remoteEngines?: RemoteEngineTuning;
}

export async function createServices(config: Config, log: Logger, options: ServiceOptions = {}): Promise<Services> {
  // Before anything opens: the engines refuse an undescribed model in production (createEngines checks it again).
  refuseUndescribedModels(config);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: options.pgliteDir ?? path.join(config.DATA_DIR, 'pglite'),
    pgliteFrom: options.pgliteFrom,
  });
  const jobs = await startJobQueue(database, log, { jobExpirySeconds: config.JOB_EXPIRY_SECONDS });
  const metrics = createMetrics({
    readQueues: () => readQueueStats(database),
    onScrapeError: (error) => log.warn({ err: error }, 'metrics: could not read the job queues'),
  });
  const saveCall = (record: EngineCallRecord) => {
    const { choice } = record;
    metrics.observeEngineCall({
      engine: choice.engine,
      model: choice.model,
      kind: choice.kind,
      operation: record.operation,
      ok: record.failure === undefined,
      seconds: record.latencyMs / 1000,
      costUsd: estimateCostUsd(choice.model, record.usage, config.ENGINE_PRICES),
    });
    void saveEngineCall(database.db, log, config, record).catch((error: unknown) =>
      log.error({ err: error }, 'could not save an engine call'),
    );
  };
  const storage = createStorage(config);
  return {
    config,
    log,
    database,
    storage,
    mailer: createMailer(config, log),
    jobs,
    auth: createAuth(config, database.db),
    payments: createPayments(config, database.db),
    metrics,
    engineChecks: createEngineCheckMemory(),
    stopping: new AbortController(),
    ...createEngines(config, options.remoteEngines, saveCall),
  };
}

/**
 * The first step of a stop (ADR 066), at SIGTERM: event streams end with a retry hint, this process takes
 * no new job, and the jobs it runs get half of SHUTDOWN_DEADLINE_MS to finish; then their attempts are cut
 * short and each job is given back to its queue, uncounted, for another worker.
 */
export function beginStop(services: Services): void {
  if (services.stopping.signal.aborted) return;
  services.stopping.abort();
  void stopTakingWork(services.jobs);
  setTimeout(() => endRunningAttempts(services.jobs), services.config.SHUTDOWN_DEADLINE_MS / 2).unref();
}

/** The last step of a stop: the running jobs ended (given back, or failed by pg-boss if one still hangs), then the pools closed. */
export async function closeServices(services: Services): Promise<void> {
  beginStop(services);
  const timeout = Math.round(services.config.SHUTDOWN_DEADLINE_MS * 0.8);
  await services.jobs.stop({ graceful: true, wait: true, timeout }).catch(() => undefined);
  await closePixelPool();
  await services.database.close();
}

/** Creates every queue and, for a worker, works them with the operations each job runs. */
export async function startQueues(services: Services, options: { work: boolean; pollingIntervalSeconds: number }): Promise<void> {
  await registerQueues(services, {
    ...options,
    operations: {
      generation: {
        run: (designId, signal) => generateDesign(services, designId, signal),
        fail: (designId, message) => failDesign(services, designId, message ?? GENERATION_FAILED),
      },
      designTask: {
        run: (taskId, signal) => runDesignTask(services, taskId, signal),
        fail: (taskId, message) => failDesignTask(services, taskId, message),
      },
      styleLens: {
        run: (taskId, signal) => runStyleLens(services, taskId, signal),
        fail: (taskId, message) => failStyleLens(services, taskId, message),
      },
    },
  });
}
