import { EngineError } from '../engines/image-engine';
import type { JobServices } from './job-services';
import { deadLetterOf, defineEngineJob, workEngineJob, type EngineJobOperations, type EngineJobTexts } from './job-definition';
import type { JobQueue } from './job-queue';

export const GENERATE_DESIGN_QUEUE = 'generate-design';
/** Where pg-boss moves a generation that failed for good without its handler saying so (its worker died on the last try). */
export const GENERATE_DESIGN_FAILED_QUEUE = deadLetterOf(GENERATE_DESIGN_QUEUE);
export const GENERATION_FAILED = 'We could not create your design this time. Your credit has been returned. Please try again.';

/**
 * The generation queue: each attempt may run `expireInSeconds` (JOB_EXPIRY_SECONDS); an attempt whose worker
 * died is retried after that, and one that fails for good goes to the dead-letter queue, which refunds it.
 * The design id is the job's key, so a design is queued once.
 */
const generationJob = defineEngineJob(GENERATE_DESIGN_QUEUE, 'designId', 5);

export const createGenerationQueue = (jobs: JobQueue, expireInSeconds: number) => generationJob.create(jobs, expireInSeconds);

/** Queues the generation of a design. */
export const enqueueGeneration = (jobs: JobQueue, designId: string) => generationJob.send(jobs, { designId });

const generationTexts: EngineJobTexts = {
  working: 'generating design',
  lost: 'generation failed for good without an answer (worker lost): refunding',
  failedMessage: (error) => (error instanceof EngineError ? `${error.message} Your credit has been returned.` : GENERATION_FAILED),
  lostMessage: GENERATION_FAILED,
};

export const workGeneration = (
  services: Pick<JobServices, 'jobs' | 'log'>,
  operations: EngineJobOperations,
  pollingIntervalSeconds: number,
) => workEngineJob(generationJob, generationTexts, services, operations, pollingIntervalSeconds);
