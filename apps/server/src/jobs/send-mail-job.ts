import type { Mailer, MailMessage } from '../mail/mailer';
import { defineJob } from './job-definition';
import type { JobQueue } from './job-queue';

export const SEND_MAIL_QUEUE = 'send-mail';

/** Mail goes out through a job, so a slow mail server never holds up a request; failures are retried. */
const sendMailJob = defineJob<MailMessage>({ queue: SEND_MAIL_QUEUE, retryLimit: 5, retryDelay: 10, retryBackoff: true });

export const createSendMailQueue = (jobs: JobQueue) => sendMailJob.create(jobs);

export const enqueueMail = (jobs: JobQueue, message: MailMessage) => sendMailJob.send(jobs, message);

export async function workSendMail(jobs: JobQueue, mailer: Mailer, pollingIntervalSeconds: number): Promise<void> {
  await sendMailJob.work(jobs, pollingIntervalSeconds, { run: (message) => mailer.send(message) });
}
