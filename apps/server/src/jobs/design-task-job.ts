import { EngineError } from '../engines/image-engine';
import type { JobServices } from './job-services';
import { deadLetterOf, defineEngineJob, workEngineJob, type EngineJobOperations, type EngineJobTexts } from './job-definition';
import type { JobQueue } from './job-queue';

export const DESIGN_TASK_QUEUE = 'design-task';
/** Where pg-boss moves a task that failed for good without its handler saying so (its worker died on the last try). */
export const DESIGN_TASK_FAILED_QUEUE = deadLetterOf(DESIGN_TASK_QUEUE);

/** Like the generation queue: attempts expire after JOB_EXPIRY_SECONDS; a task lost for good is marked failed. */
const designTaskJob = defineEngineJob(DESIGN_TASK_QUEUE, 'taskId', 3);

export const createDesignTaskQueue = (jobs: JobQueue, expireInSeconds: number) => designTaskJob.create(jobs, expireInSeconds);

export const enqueueDesignTask = (jobs: JobQueue, taskId: string) => designTaskJob.send(jobs, { taskId });

const designTaskTexts: EngineJobTexts = {
  working: 'working design task',
  lost: 'design task failed for good without an answer (worker lost)',
  failedMessage: (error) => (error instanceof EngineError ? error.message : undefined),
};

export const workDesignTasks = (
  services: Pick<JobServices, 'jobs' | 'log'>,
  operations: EngineJobOperations,
  pollingIntervalSeconds: number,
) => workEngineJob(designTaskJob, designTaskTexts, services, operations, pollingIntervalSeconds);
