import { EngineError } from '../engines/image-engine';
import type { Services } from '../services';
import { attemptSignal, type JobQueue } from './job-queue';

export const GENERATE_DESIGN_QUEUE = 'generate-design';
/** Where pg-boss moves a generation that failed for good without its handler saying so (its worker died on the last try). */
export const GENERATE_DESIGN_FAILED_QUEUE = 'generate-design-failed';
export const GENERATION_FAILED = 'We could not create your design this time. Your credit has been returned. Please try again.';

/**
 * The generation queue: each attempt may run `expireInSeconds` (JOB_EXPIRY_SECONDS); an attempt whose worker
 * died is retried after that, and one that fails for good goes to the dead-letter queue, which refunds it.
 * createQueue leaves an existing queue as it was, so the settings are applied again with updateQueue.
 */
export async function createGenerationQueue(jobs: JobQueue, expireInSeconds: number) {
  await jobs.createQueue(GENERATE_DESIGN_FAILED_QUEUE, {
    name: GENERATE_DESIGN_FAILED_QUEUE,
    retryLimit: 5,
    retryDelay: 5,
    expireInSeconds: 60,
  });
  const options = {
    name: GENERATE_DESIGN_QUEUE,
    retryLimit: 2,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds,
    deadLetter: GENERATE_DESIGN_FAILED_QUEUE,
  };
  await jobs.createQueue(GENERATE_DESIGN_QUEUE, options);
  await jobs.updateQueue(GENERATE_DESIGN_QUEUE, options);
}

/** Queues the generation of a design; the design id is the job's key, so it is queued once. */
export async function enqueueGeneration(jobs: JobQueue, designId: string) {
  await jobs.send(GENERATE_DESIGN_QUEUE, { designId }, { singletonKey: designId });
}

/** What a generation job runs, handed in by the composition root (jobs import no operation). */
export interface GenerationOperations {
  generate(designId: string, signal: AbortSignal): Promise<void>;
  fail(designId: string, message: string): Promise<void>;
}

export async function workGeneration(
  services: Pick<Services, 'jobs' | 'log'>,
  operations: GenerationOperations,
  pollingIntervalSeconds: number,
) {
  await services.jobs.work<{ designId: string }>(
    GENERATE_DESIGN_QUEUE,
    { pollingIntervalSeconds, includeMetadata: true },
    async ([job]) => {
      if (!job) return;
      services.log.info({ designId: job.data.designId, attempt: job.retryCount + 1 }, 'generating design');
      try {
        await operations.generate(job.data.designId, attemptSignal(job.expireInSeconds));
      } catch (error) {
        const retryable = !(error instanceof EngineError) || error.retryable;
        if (retryable && job.retryCount < job.retryLimit) throw error;
        await operations.fail(
          job.data.designId,
          error instanceof EngineError ? `${error.message} Your credit has been returned.` : GENERATION_FAILED,
        );
      }
    },
  );
  await services.jobs.work<{ designId: string }>(GENERATE_DESIGN_FAILED_QUEUE, { pollingIntervalSeconds }, async ([job]) => {
    if (!job) return;
    services.log.warn({ designId: job.data.designId }, 'generation failed for good without an answer (worker lost): refunding');
    await operations.fail(job.data.designId, GENERATION_FAILED);
  });
}
