// The server the browser tests drive: a local SMTP server (smtp-server, on 127.0.0.1) that keeps each
// delivered message as a file the tests read, the e2e users seeded, then the real app with SMTP_URL
// pointing at that SMTP server. Its database, made and migrated before any row is written, is copied to the
// template folder playwright.config.ts names, for the specs' own servers to start from (e2e/seeded-server.ts).
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { openDatabase } from '../apps/server/src/db/client';
import { TEMPLATE_ENV } from '../apps/server/test/database-template';
import { createUser } from '../apps/server/test/fixtures';
import { E2E_USERS } from './users';

const dataDir = process.env.DATA_DIR!;
const inbox = path.join(dataDir, 'smtp-inbox');
mkdirSync(inbox, { recursive: true });

let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received += 1;
      const to = session.envelope.rcptTo.map((r) => r.address).join(',');
      writeFileSync(path.join(inbox, `${Date.now()}-${received}.eml`), `X-Envelope-To: ${to}\n${Buffer.concat(chunks).toString('utf8')}`);
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const address = smtp.server.address();
const smtpPort = typeof address === 'object' && address ? address.port : 0;
process.env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;

const pgliteDir = path.join(dataDir, 'pglite');
await (await openDatabase({ pgliteDir })).close();
cpSync(pgliteDir, process.env[TEMPLATE_ENV.pgliteFolder]!, { recursive: true });
const database = await openDatabase({ pgliteDir });
for (const user of Object.values(E2E_USERS)) await createUser(database.db, user);
await database.close();

await import('../apps/server/src/cli/main');
