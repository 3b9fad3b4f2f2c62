import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { messages } from '@rv/contracts/messages';
import {
  adminAuditLog,
  bugReports,
  designTasks,
  rateLimitCounters,
  roomDesigns,
  styleLensTasks,
  subscriptions,
  users,
  verifications,
} from '../../db/schema';
import { SEND_MAIL_QUEUE } from '../../jobs/send-mail-job';
import { AppError } from '../../lib/app-error';
import { PaymentError } from '../../payments/payments-provider';
import type { Services } from '../../services';
import { deleteAfterCommit } from '../../jobs/discard-objects';
import { recordObjectDeletions } from '../../storage/object-deletions';
import {
  bugReportsOf,
  allUserFiles,
  loadUserData,
  subscriptionsOf,
  verificationsOf,
  type Reader,
  type UserData,
  type UserRow,
} from './user-data';

/** What an anonymised record says instead of the address of a deleted account. */
export const DELETED_ACCOUNT = 'deleted account';

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;

/** Whether a design, a refinement or a StyleLens analysis of theirs is still being made (its job would write files after we delete). */
async function stillWorking(db: Reader, userId: string): Promise<boolean> {
  const working = ['queued', 'running'] as const;
  const [design] = await db
    .select({ id: roomDesigns.id })
    .from(roomDesigns)
    .where(and(eq(roomDesigns.userId, userId), inArray(roomDesigns.status, working)))
    .limit(1);
  if (design) return true;
  const [task] = await db
    .select({ id: designTasks.id })
    .from(designTasks)
    .where(and(eq(designTasks.userId, userId), inArray(designTasks.status, working)))
    .limit(1);
  if (task) return true;
  const [analysis] = await db
    .select({ id: styleLensTasks.id })
    .from(styleLensTasks)
    .where(and(eq(styleLensTasks.userId, userId), inArray(styleLensTasks.status, working)))
    .limit(1);
  return Boolean(analysis);
}

/** Removes files a few at a time; answers the keys that could not be removed. */
async function removeFiles(services: Services, keys: string[], log: Log): Promise<string[]> {
  const failed: string[] = [];
  const queue = [...keys];
  const worker = async () => {
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
      await services.storage.delete(key).catch((error: unknown) => {
        log.warn({ err: error, key }, 'a file of a deleted account could not be removed');
        failed.push(key);
      });
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return failed;
}

/** Offline mail (no SMTP_URL): the copies of mail sent to them in DATA_DIR/outbox. */
async function removeOutboxMail(services: Services, addresses: string[], log: Log): Promise<void> {
  if (services.config.SMTP_URL) return;
  const outbox = path.join(services.config.DATA_DIR, 'outbox');
  const names = await readdir(outbox).catch(() => [] as string[]);
  const headers = addresses.map((address) => `\nTo: ${address}\n`);
  for (const name of names.filter((n) => n.endsWith('.eml'))) {
    const file = path.join(outbox, name);
    try {
      const text = (await readFile(file, 'utf8')).replace(/\r\n/g, '\n');
      const head = `\n${text.slice(0, text.indexOf('\n\n') + 1)}`;
      if (headers.some((header) => head.includes(header))) await rm(file, { force: true });
    } catch (error) {
      log.warn({ err: error, file }, 'an outbox mail of a deleted account could not be removed');
    }
  }
}

/** Ends their subscriptions at the payment provider now; a provider failure stops the deletion before anything is removed. */
async function cancelSubscriptions(services: Services, data: UserData, log: Log): Promise<boolean> {
  const ids = new Set<string>();
  if (data.user.stripeSubscriptionId) ids.add(data.user.stripeSubscriptionId);
  for (const sub of data.subscriptions) if (sub.status !== 'canceled' && sub.status !== 'incomplete_expired') ids.add(sub.id);
  let canceled = false;
  for (const id of ids) {
    try {
      const subscription = await services.payments.cancelSubscriptionNow(id);
      if (subscription?.status === 'canceled') canceled = true;
    } catch (error) {
      if (!(error instanceof PaymentError)) throw error;
      log.error({ err: error, subscriptionId: id }, 'the subscription of an account being deleted could not be cancelled');
      throw new AppError('BAD_GATEWAY', messages.privacy.deleteCancelFailed);
    }
  }
  return canceled;
}

/**
 * Deletes a user's account for good:
 * 1. refuses while a design or refinement of theirs is still being made (its job would write files);
 * 2. ends their subscription at the payment provider now (a failure there keeps everything);
 * 3. removes every stored file of theirs (a failure keeps the rows, so trying again finds the files);
 * 4. in one transaction, with their row locked: deletes their bug reports, sign-in and e-mail-change
 *    links, rate-limit counters and queued or sent mail, anonymises the rows kept for others (the
 *    subscription record the provider's late notices update, the admin audit log), and deletes their
 *    user row, which cascades to sessions, sign-in methods, designs, refinements, feedback and shares;
 * 5. records every file of theirs for deletion in that transaction (those removed in 3 again: deleting
 *    a missing key costs nothing), so a file added between 3 and 4, or one the store refuses then, is
 *    deleted by the deletion job after the commit, retried until the store answers (ADR 033); removes
 *    offline copies of mail sent to them.
 */
export async function deleteAccount(services: Services, user: UserRow, log: Log): Promise<{ subscriptionCanceled: boolean }> {
  const { db } = services.database;
  if (await stillWorking(db, user.id)) throw new AppError('CONFLICT', messages.privacy.deleteStillWorking);

  const before = await loadUserData(db, user);
  const subscriptionCanceled = await cancelSubscriptions(services, before, log);

  const firstKeys = allUserFiles(before);
  if ((await removeFiles(services, firstKeys, log)).length) throw new AppError('SERVICE_UNAVAILABLE', messages.privacy.deleteFilesFailed);

  const { addresses, files } = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
    if (!locked) throw new AppError('NOT_FOUND', messages.auth.userNotFound);
    if (await stillWorking(tx, user.id)) throw new AppError('CONFLICT', messages.privacy.deleteStillWorking);
    const data = await loadUserData(tx, locked);
    const addresses = [...new Set([locked.email, before.user.email, ...(data.pendingEmail ? [data.pendingEmail] : [])])];

    await tx.delete(bugReports).where(bugReportsOf(locked));
    await tx.delete(verifications).where(verificationsOf(locked));
    // Counters keyed by their address or their id (sign-in, profile, e-mail change, StyleLens, export).
    const keyEnds = [...addresses, locked.id];
    await tx
      .delete(rateLimitCounters)
      .where(or(...keyEnds.map((end) => sql`right(${rateLimitCounters.key}, char_length(${end})) = ${end}`)));
    // Mail to them waiting in the job queue or kept after sending (pg-boss keeps sent jobs about a week).
    for (const table of [sql`pgboss.job`, sql`pgboss.archive`]) {
      await tx.execute(
        sql`delete from ${table} where name = ${SEND_MAIL_QUEUE} and data->>'to' in (${sql.join(
          addresses.map((a) => sql`${a}`),
          sql`, `,
        )})`,
      );
    }
    // Kept without the address: a late provider notice about the subscription then updates this row instead of re-creating it.
    await tx
      .update(subscriptions)
      .set({ email: '' })
      .where(and(subscriptionsOf(locked), ne(subscriptions.email, '')));
    await tx.update(adminAuditLog).set({ targetEmail: DELETED_ACCOUNT }).where(inArray(adminAuditLog.targetEmail, addresses));
    await tx.update(adminAuditLog).set({ actorEmail: DELETED_ACCOUNT }).where(inArray(adminAuditLog.actorEmail, addresses));
    await tx.delete(users).where(eq(users.id, locked.id));
    const files = allUserFiles(data);
    await recordObjectDeletions(tx, files);
    return { addresses, files };
  });

  await deleteAfterCommit({ ...services, log }, files);
  await removeOutboxMail(services, addresses, log);
  return { subscriptionCanceled };
}
