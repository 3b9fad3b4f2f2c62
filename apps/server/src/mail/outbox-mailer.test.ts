import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createOutboxMailer } from './outbox-mailer';

/** A logger whose lines are kept, to read what reached the log. */
function keptLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

const signInMail = {
  to: 'robin@example.com',
  subject: 'Sign in to Room Visualizer',
  text: 'Open this link to sign in: https://rooms.example/process-login?email=robin%40example.com&token=secret-token-123',
  html: '<p>Open <a href="https://rooms.example/process-login?token=secret-token-123">this link</a></p>',
};

describe('the outbox mailer', () => {
  it('writes every mail to the outbox; logs its links outside production only, never in production (a link in a log signs in its reader)', async () => {
    for (const logLinks of [true, false]) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'rv-outbox-'));
      const { log, lines } = keptLog();
      await createOutboxMailer({ dataDir, from: 'Room Visualizer <no-reply@example.com>', log, logLinks }).send(signInMail);
      const [file] = readdirSync(path.join(dataDir, 'outbox'));
      expect(readFileSync(path.join(dataDir, 'outbox', file!), 'utf8')).toContain('secret-token-123');
      const logged = lines.join('');
      expect(logged).toContain('mail written to outbox');
      expect(logged.includes('secret-token-123')).toBe(logLinks);
    }
  });
});
