import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Config } from '../config/env';
import type { Database } from '../db/client';
import type { Mailer } from '../mail/mailer';
import type { Storage } from '../storage/storage';
import type { JobQueue } from './job-queue';

/**
 * The ports the job loops use, handed in by the composition root: jobs/ sits below services.ts (the
 * features' view of every port) and imports none of it.
 */
export interface JobServices {
  config: Config;
  log: Logger;
  database: Database;
  storage: Storage;
  mailer: Mailer;
  jobs: JobQueue;
}
