import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { loadOnce } from '../lib/load-once';
import type { MailMessage, Mailer } from './mailer';

/**
 * Offline mail: each message is written as a real .eml file under DATA_DIR/outbox/. Outside production its
 * links are logged too (where a developer finds the sign-in link); in production (a demo on the stand-ins,
 * ADR 036) never: a sign-in link in a log signs in whoever reads the log.
 */
export function createOutboxMailer(options: { dataDir: string; from: string; log: Logger; logLinks: boolean }): Mailer {
  const outbox = path.join(options.dataDir, 'outbox');
  const transport = loadOnce(async () =>
    (await import('nodemailer')).default.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(message: MailMessage) {
      const info = await (await transport()).sendMail({ from: options.from, ...message });
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
      // Written under a temporary name, then renamed: whoever reads the outbox never sees half a mail.
      await writeFile(`${file}.part`, info.message as Buffer);
      await rename(`${file}.part`, file);
      const links = options.logLinks ? { links: message.text.match(/https?:\/\/\S+/g) ?? [] } : {};
      options.log.info({ to: message.to, subject: message.subject, file, ...links }, 'mail written to outbox');
    },
  };
}
