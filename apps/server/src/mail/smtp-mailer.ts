import { loadOnce } from '../lib/load-once';
import type { MailMessage, Mailer } from './mailer';

/** Real mail through an SMTP server (SMTP_URL). */
export function createSmtpMailer(options: { smtpUrl: string; from: string }): Mailer {
  const transport = loadOnce(async () => (await import('nodemailer')).default.createTransport(options.smtpUrl));
  return {
    async send(message: MailMessage) {
      await (await transport()).sendMail({ from: options.from, ...message });
    },
  };
}
