import { userInfo } from 'node:os';
import { eq } from 'drizzle-orm';
import { emailSchema, normalizeEmail } from '@rv/contracts/email';
import { users } from '../db/schema';
import { setAdminRole } from '../features/admin/set-admin-role';
import { writeBackup } from '../features/backup/backup-archive';
import { auditStorage } from '../features/storage-audit/audit-storage';
import { isLocalPayments } from '../payments/create-payments';
import type { Services } from '../services';

/**
 * The operator's commands that work on the database: `npm run admin`, `npm run payments`, `npm run storage`.
 * Each runs where the database is: in the command's own process when it could open it, or in the running
 * server's, sent there over its operator channel (operator-channel.ts) when the server holds the embedded
 * database (ADR 053). Either way the same code, and the same words printed.
 */

/** What a command needs: the server's own services, or the command's (the database it opened). */
export type OperatorContext = Pick<Services, 'config' | 'database' | 'storage' | 'payments'>;

/** What a command printed and its exit code, to print where it was asked. */
export interface OperatorResult {
  code: number;
  stdout: string;
  stderr: string;
}

interface OperatorCommand {
  usage: string;
  /** The arguments' problem (printed with the usage, exit 2), or undefined when they are good. */
  check(args: string[]): string | undefined;
  run(context: OperatorContext, args: string[], print: Printer): Promise<number>;
}

interface Printer {
  out(line: string): void;
  err(line: string): void;
}

function operatorName(): string {
  try {
    return `operator:${userInfo().username}`;
  } catch {
    return 'operator';
  }
}

const admin: OperatorCommand = {
  usage: 'Usage: npm run admin -- grant <email> | revoke <email> | list',
  check([command, rawEmail]) {
    if (command === 'list') return undefined;
    const email = emailSchema.safeParse(rawEmail ?? '');
    if ((command === 'grant' || command === 'revoke') && email.success) return undefined;
    return rawEmail && !email.success ? `${email.error.issues[0]?.message}: ${rawEmail}` : '';
  },
  async run({ config, database }, [command, rawEmail], print) {
    if (command === 'list') {
      const admins = await database.db.select({ email: users.email }).from(users).where(eq(users.role, 'admin')).orderBy(users.email);
      for (const { email } of admins) print.out(email);
      const pending = config.ADMIN_EMAILS.filter((email) => !admins.some((admin) => admin.email === email));
      for (const email of pending) print.out(`${email} (ADMIN_EMAILS: made admin at next sign-in)`);
      if (admins.length === 0 && pending.length === 0) print.out('No admins yet.');
      return 0;
    }
    const email = emailSchema.parse(rawEmail);
    const grant = command === 'grant';
    const { changed } = await setAdminRole(database.db, { actor: operatorName(), email, admin: grant });
    if (!changed) print.out(`${email} ${grant ? 'is already an admin' : 'is not an admin'}; nothing changed.`);
    else print.out(`${email} ${grant ? 'is now an admin' : 'is no longer an admin'}.`);
    if (!grant && config.ADMIN_EMAILS.includes(email)) {
      print.err(`${email} is listed in ADMIN_EMAILS and becomes an admin again at the next sign-in: remove it there too.`);
    }
    return 0;
  },
};

const payments: OperatorCommand = {
  usage: 'Usage: npm run payments -- renew <email>',
  check: ([command, rawEmail]) => (command === 'renew' && rawEmail ? undefined : ''),
  async run({ database, payments: provider }, [, rawEmail], print) {
    if (!isLocalPayments(provider)) throw new Error('renew works with PAYMENTS=local only; Stripe renews by itself.');
    const [user] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, normalizeEmail(rawEmail!)));
    if (!user?.stripeSubscriptionId) throw new Error(`No subscriber with the e-mail ${rawEmail}.`);
    const subscription = await provider.renew(user.stripeSubscriptionId);
    print.out(`${user.email}: ${subscription.status}, next billing date ${subscription.currentPeriodEnd.toISOString().slice(0, 10)}`);
    return 0;
  },
};

const storage: OperatorCommand = {
  usage: 'Usage: npm run storage -- audit',
  check: ([command]) => (command === 'audit' ? undefined : ''),
  async run({ database, storage: store }, _args, print) {
    const audit = await auditStorage({ database, storage: store });
    for (const key of audit.orphans) print.out(key);
    print.out(
      `${audit.stored} stored, ${audit.pendingDeletion.length} waiting for deletion, ${audit.orphans.length} ${audit.orphans.length === 1 ? 'orphan' : 'orphans'}`,
    );
    return audit.orphans.length ? 1 : 0;
  },
};

const backup: OperatorCommand = {
  usage: 'Usage: npm run backup -- <archive.tar>   (a new file: the database and every stored file, ADR 060)',
  check: ([archive, ...rest]) => (archive && !archive.startsWith('-') && rest.length === 0 ? undefined : ''),
  async run({ database, storage: store }, [archive], print) {
    const manifest = await writeBackup({ database, storage: store }, archive!);
    print.out(
      `Backed up the ${manifest.database.kind === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL'} database and ${manifest.files.length} files to ${archive}`,
    );
    return 0;
  },
};

export const operatorCommands = { admin, payments, storage, backup } as const;
export type OperatorCommandName = keyof typeof operatorCommands;

/** A failure's exit code by command: the audit's 1 means orphans, so its own failure is 2 (as before). */
const FAILED: Record<OperatorCommandName, number> = { admin: 1, payments: 1, storage: 2, backup: 1 };

/** The usage and the arguments' problem, or undefined when the arguments are good. */
export function usageProblem(name: OperatorCommandName, args: string[]): string | undefined {
  const command = operatorCommands[name];
  const problem = command.check(args);
  if (problem === undefined) return undefined;
  return problem ? `${problem}\n${command.usage}` : command.usage;
}

/** Runs a command (arguments already checked) and answers what it printed; a failure is its message on stderr. */
export async function runOperatorCommand(context: OperatorContext, name: OperatorCommandName, args: string[]): Promise<OperatorResult> {
  const result = { stdout: '', stderr: '' };
  const print: Printer = { out: (line) => (result.stdout += `${line}\n`), err: (line) => (result.stderr += `${line}\n`) };
  try {
    return { code: await operatorCommands[name].run(context, args, print), ...result };
  } catch (error) {
    print.err(error instanceof Error ? error.message : String(error));
    return { code: FAILED[name], ...result };
  }
}
