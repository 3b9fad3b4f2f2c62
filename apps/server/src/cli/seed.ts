import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { exitOnConfigError, loadConfigOrExit } from '../config/load-config-or-exit';
import { openDatabase } from '../db/client';
import { bugReports, users } from '../db/schema';

/**
 * `npm run seed`: demo data for development only (refused in production). Idempotent: existing demo
 * rows are left as they are.
 */
const config = loadConfigOrExit();
if (config.isProduction) {
  console.error('npm run seed makes demo data for development only; it refuses to run with NODE_ENV=production.');
  process.exit(1);
}
// Refused, before anything is written, while another process holds the embedded database (ADR 053).
const database = await exitOnConfigError(() =>
  openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: path.join(config.DATA_DIR, 'pglite') }),
);
const demoUsers = [
  { email: 'demo.subscriber@example.com', name: 'Demo Subscriber', subscriptionStatus: 'active', role: 'user', transformationsUsed: 4 },
  { email: 'demo.lapsed@example.com', name: 'Demo Lapsed', subscriptionStatus: 'canceled', role: 'user', transformationsUsed: 30 },
  { email: 'demo.admin@example.com', name: 'Demo Admin', subscriptionStatus: 'active', role: 'admin', transformationsUsed: 0 },
];
for (const user of demoUsers) {
  await database.db
    .insert(users)
    .values({ id: randomUUID(), emailVerified: true, emailProvenAt: new Date(), ...user })
    .onConflictDoNothing({ target: users.email });
}
await database.db.insert(bugReports).values({
  id: randomUUID(),
  email: 'demo.subscriber@example.com',
  description: 'Demo report: the carousel skipped a room when I clicked quickly.',
  pageUrl: `${config.PUBLIC_URL}/`,
  userAgent: 'Seed/1.0',
});
console.log(`Seeded ${demoUsers.length} demo users and a demo bug report (${database.kind}).`);
await database.close();
