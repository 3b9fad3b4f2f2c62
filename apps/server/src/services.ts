import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Auth } from './auth/create-auth';
import type { Config } from './config/env';
import type { Database } from './db/client';
import type { ImageEngine } from './engines/image-engine';
import type { VisionEngine } from './engines/vision-engine';
import type { JobQueue } from './jobs/job-queue';
import type { Mailer } from './mail/mailer';
import type { Metrics } from './metrics/metrics';
import type { PaymentsProvider } from './payments/payments-provider';
import type { Storage } from './storage/storage';

/**
 * Everything a route, an operation or a job needs from the outside world: the ports, built once from
 * configuration by the composition root (composition-root.ts), which nothing below it imports.
 */
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
  /** This process's Prometheus series (metrics/metrics.ts). */
  metrics: Metrics;
}
