import { userInfo } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { emailSchema } from '@rv/contracts/email';
import { loadConfigOrExit } from '../config/load-config-or-exit';
import { openDatabase } from '../db/client';
import { users } from '../db/schema';
import { setAdminRole } from '../features/admin/set-admin-role';

/**
 * `npm run admin -- grant <email>` / `revoke <email>` / `list`: manages the admin role besides
 * ADMIN_EMAILS (which makes its addresses admins at each sign-in). Changes are written to the audit log
 * and apply at once: the role is read from the database on every admin call. With PGlite (no
 * DATABASE_URL) stop the server first: its data folder is opened by one process at a time.
 */
const usage = 'Usage: npm run admin -- grant <email> | revoke <email> | list';
const [command, rawEmail] = process.argv.slice(2);
const parsedEmail = emailSchema.safeParse(rawEmail ?? '');
if (!((command === 'grant' || command === 'revoke') && parsedEmail.success) && command !== 'list') {
  console.error(rawEmail && !parsedEmail.success ? `${parsedEmail.error.issues[0]?.message}: ${rawEmail}\n${usage}` : usage);
  process.exit(2);
}

function operatorName(): string {
  try {
    return `operator:${userInfo().username}`;
  } catch {
    return 'operator';
  }
}

const config = loadConfigOrExit();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: path.join(config.DATA_DIR, 'pglite') });
try {
  if (command === 'list') {
    const admins = await database.db.select({ email: users.email }).from(users).where(eq(users.role, 'admin')).orderBy(users.email);
    for (const { email } of admins) console.log(email);
    const pending = config.ADMIN_EMAILS.filter((email) => !admins.some((admin) => admin.email === email));
    for (const email of pending) console.log(`${email} (ADMIN_EMAILS: made admin at next sign-in)`);
    if (admins.length === 0 && pending.length === 0) console.log('No admins yet.');
  } else {
    const email = parsedEmail.data!;
    const admin = command === 'grant';
    const { changed } = await setAdminRole(database.db, { actor: operatorName(), email, admin });
    if (!changed) console.log(`${email} ${admin ? 'is already an admin' : 'is not an admin'}; nothing changed.`);
    else console.log(`${email} ${admin ? 'is now an admin' : 'is no longer an admin'}.`);
    if (!admin && config.ADMIN_EMAILS.includes(email)) {
      console.warn(`${email} is listed in ADMIN_EMAILS and becomes an admin again at the next sign-in: remove it there too.`);
    }
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
