import { EngineError } from '../engines/image-engine';
import type { JobServices } from './job-services';
import { defineEngineJob, workEngineJob, type EngineJobOperations, type EngineJobTexts } from './job-definition';
import type { JobQueue } from './job-queue';

export const STYLE_LENS_QUEUE = 'style-lens';

/**
 * A StyleLens analysis (ADR 066): one vision-engine call, worked like a design task: keyed by its task id,
 * two more tries, attempts that expire (JOB_EXPIRY_SECONDS), a task lost for good marked failed.
 */
const styleLensJob = defineEngineJob(STYLE_LENS_QUEUE, 'taskId', 3);

export const createStyleLensQueue = (jobs: JobQueue, expireInSeconds: number) => styleLensJob.create(jobs, expireInSeconds);

export const enqueueStyleLens = (jobs: JobQueue, taskId: string) => styleLensJob.send(jobs, { taskId });

const styleLensTexts: EngineJobTexts = {
  working: 'working StyleLens analysis',
  lost: 'StyleLens analysis failed for good without an answer (worker lost)',
  failedMessage: (error) => (error instanceof EngineError ? error.message : undefined),
};

export const workStyleLens = (services: Pick<JobServices, 'jobs' | 'log'>, operations: EngineJobOperations, pollingIntervalSeconds: number) =>
  workEngineJob(styleLensJob, styleLensTexts, services, operations, pollingIntervalSeconds);
