import nodemailer from 'nodemailer';
import type { MailMessage, Mailer } from './mailer';

/** Real mail through an SMTP server (SMTP_URL). */
export function createSmtpMailer(options: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(message: MailMessage) {
      await transport.sendMail({ from: options.from, ...message });
    },
  };
}
