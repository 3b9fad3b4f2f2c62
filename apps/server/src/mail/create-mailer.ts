import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Config } from '../config/env';
import type { Mailer } from './mailer';
import { createOutboxMailer } from './outbox-mailer';
import { createSmtpMailer } from './smtp-mailer';

export function createMailer(config: Config, log: Logger): Mailer {
  return config.SMTP_URL
    ? createSmtpMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM })
    : createOutboxMailer({ dataDir: config.DATA_DIR, from: config.MAIL_FROM, log, logLinks: !config.isProduction });
}
