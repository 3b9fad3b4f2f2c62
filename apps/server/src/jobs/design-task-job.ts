import { EngineError } from '../engines/image-engine';
import type { Services } from '../services';
import { attemptSignal, type JobQueue } from './job-queue';

export const DESIGN_TASK_QUEUE = 'design-task';
/** Where pg-boss moves a task that failed for good without its handler saying so (its worker died on the last try). */
export const DESIGN_TASK_FAILED_QUEUE = 'design-task-failed';
/** Like the generation queue: attempts expire after JOB_EXPIRY_SECONDS; a task lost for good is marked failed. */
export async function createDesignTaskQueue(jobs: JobQueue, expireInSeconds: number) {
  await jobs.createQueue(DESIGN_TASK_FAILED_QUEUE, { name: DESIGN_TASK_FAILED_QUEUE, retryLimit: 5, retryDelay: 5, expireInSeconds: 60 });
  const options = {
    name: DESIGN_TASK_QUEUE,
    retryLimit: 2,
    retryDelay: 3,
    retryBackoff: true,
    expireInSeconds,
    deadLetter: DESIGN_TASK_FAILED_QUEUE,
  };
  await jobs.createQueue(DESIGN_TASK_QUEUE, options);
  await jobs.updateQueue(DESIGN_TASK_QUEUE, options);
}

export async function enqueueDesignTask(jobs: JobQueue, taskId: string) {
  await jobs.send(DESIGN_TASK_QUEUE, { taskId }, { singletonKey: taskId });
}

/** What a design-task job runs, handed in by the composition root (jobs import no operation). */
export interface DesignTaskOperations {
  run(taskId: string, signal: AbortSignal): Promise<void>;
  fail(taskId: string, message?: string): Promise<void>;
}

export async function workDesignTasks(
  services: Pick<Services, 'jobs' | 'log'>,
  operations: DesignTaskOperations,
  pollingIntervalSeconds: number,
) {
  await services.jobs.work<{ taskId: string }>(DESIGN_TASK_QUEUE, { pollingIntervalSeconds, includeMetadata: true }, async ([job]) => {
    if (!job) return;
    services.log.info({ taskId: job.data.taskId, attempt: job.retryCount + 1 }, 'working design task');
    try {
      await operations.run(job.data.taskId, attemptSignal(job.expireInSeconds));
    } catch (error) {
      const retryable = !(error instanceof EngineError) || error.retryable;
      if (retryable && job.retryCount < job.retryLimit) throw error;
      await operations.fail(job.data.taskId, error instanceof EngineError ? error.message : undefined);
    }
  });
  await services.jobs.work<{ taskId: string }>(DESIGN_TASK_FAILED_QUEUE, { pollingIntervalSeconds }, async ([job]) => {
    if (!job) return;
    services.log.warn({ taskId: job.data.taskId }, 'design task failed for good without an answer (worker lost)');
    await operations.fail(job.data.taskId);
  });
}
