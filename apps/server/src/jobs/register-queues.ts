import type { JobServices } from './job-services';
import { createDeleteObjectsQueue, workDeleteObjects } from './delete-objects-job';
import { createDesignTaskQueue, workDesignTasks } from './design-task-job';
import { createGenerationQueue, workGeneration } from './generate-design-job';
import type { EngineJobOperations } from './job-definition';
import { createSendMailQueue, workSendMail } from './send-mail-job';
import { createStyleLensQueue, workStyleLens } from './style-lens-job';

/** The operations the job loops run (jobs/ imports no feature: the composition root hands them in). */
export interface JobOperations {
  generation: EngineJobOperations;
  designTask: EngineJobOperations;
  styleLens: EngineJobOperations;
}

/** Creates every queue (both roles send jobs) and, for a worker, starts working them. */
export async function registerQueues(
  services: JobServices,
  options: { work: boolean; pollingIntervalSeconds: number; operations: JobOperations },
) {
  // Processes starting together would deadlock in pg-boss's create_queue (it creates tables): one at a time.
  await services.database.serialized(async () => {
    await createSendMailQueue(services.jobs);
    await createGenerationQueue(services.jobs, services.config.JOB_EXPIRY_SECONDS);
    await createDesignTaskQueue(services.jobs, services.config.JOB_EXPIRY_SECONDS);
    await createStyleLensQueue(services.jobs, services.config.JOB_EXPIRY_SECONDS);
    await createDeleteObjectsQueue(services.jobs);
  });
  if (!options.work) return;
  await workSendMail(services.jobs, services.mailer, options.pollingIntervalSeconds);
  await workGeneration(services, options.operations.generation, options.pollingIntervalSeconds);
  await workDesignTasks(services, options.operations.designTask, options.pollingIntervalSeconds);
  await workStyleLens(services, options.operations.styleLens, options.pollingIntervalSeconds);
  await workDeleteObjects(services, options.pollingIntervalSeconds);
}
