import type { Mailer, MailMessage } from '../mail/mailer';
import type { JobQueue } from './job-queue';

export const SEND_MAIL_QUEUE = 'send-mail';

/** Mail goes out through a job, so a slow mail server never holds up a request; failures are retried. */
export async function createSendMailQueue(jobs: JobQueue): Promise<void> {
  await jobs.createQueue(SEND_MAIL_QUEUE, { name: SEND_MAIL_QUEUE, retryLimit: 5, retryDelay: 10, retryBackoff: true });
}

export async function enqueueMail(jobs: JobQueue, message: MailMessage): Promise<void> {
  await jobs.send(SEND_MAIL_QUEUE, message);
}

export async function workSendMail(jobs: JobQueue, mailer: Mailer, pollingIntervalSeconds: number): Promise<void> {
  await jobs.work<MailMessage>(SEND_MAIL_QUEUE, { pollingIntervalSeconds }, async ([job]) => {
    if (job) await mailer.send(job.data);
  });
}
