import type { JobServices } from './job-services';
import { deleteRecordedObjects } from '../storage/object-deletions';
import { defineJob } from './job-definition';
import type { JobQueue } from './job-queue';

export const DELETE_OBJECTS_QUEUE = 'delete-objects';

/** How often every recorded deletion is tried again, whatever became of the jobs before (cron). */
export const DELETE_OBJECTS_SWEEP_CRON = '*/5 * * * *';

/**
 * Deletes the stored objects recorded in `object_deletions` (storage/object-deletions.ts, ADR 033).
 * One key ('sweep') with the 'short' policy: at most one job waits while another runs, so a deletion
 * recorded meanwhile is seen by the next. A pass in which the store refused a key fails the job, which
 * pg-boss retries with a growing wait; the schedule sends a new one every five minutes besides, so a
 * key is tried until the store answers, and a process that died between a commit and its send loses
 * nothing.
 */
const deleteObjectsJob = defineJob<{ reason?: string }>({
  queue: DELETE_OBJECTS_QUEUE,
  retryLimit: 6,
  retryDelay: 5,
  retryBackoff: true,
  policy: 'short',
  singletonKey: () => 'sweep',
});

export async function createDeleteObjectsQueue(jobs: JobQueue): Promise<void> {
  await deleteObjectsJob.create(jobs);
  await jobs.schedule(DELETE_OBJECTS_QUEUE, DELETE_OBJECTS_SWEEP_CRON, { reason: 'schedule' }, { singletonKey: 'sweep' });
}

/** Asks for a pass over the recorded deletions (after the transaction that recorded them committed). */
export async function requestObjectDeletions(jobs: JobQueue): Promise<void> {
  await deleteObjectsJob.send(jobs, {});
}

export async function workDeleteObjects(
  services: Pick<JobServices, 'jobs' | 'database' | 'storage' | 'log'>,
  pollingIntervalSeconds: number,
) {
  await deleteObjectsJob.work(services.jobs, pollingIntervalSeconds, {
    async run() {
      for (;;) {
        const pass = await deleteRecordedObjects(services);
        if (pass.failed) throw new Error(`${pass.failed} stored object(s) could not be deleted yet`);
        if (pass.deleted === 0) return;
      }
    },
  });
  // Whatever was recorded before this process started (a send lost to a crash) is tried now.
  await requestObjectDeletions(services.jobs);
}
