import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, like, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { readJson } from '@rv/contracts/json';
import type { Db } from '../../db/client';
import { users, verifications } from '../../db/schema';
import { enqueueMail } from '../../jobs/send-mail-job';
import { AppError } from '../../lib/app-error';
import { hitRateLimit } from '../../lib/rate-limit';
import { renderMail } from '../../mail/render-mail';
import type { Services } from '../../services';

export const EMAIL_CHANGE_TTL_MS = 60 * 60_000;
export const EMAIL_TAKEN = 'That e-mail address belongs to another account.';
export const EMAIL_CHANGE_PREFIX = 'email-change:';

/** The verification row's value of a pending e-mail change (JSON text). */
export const emailChangeRecord = z.object({ type: z.literal('email-change'), userId: z.string(), email: z.string() });
export type EmailChangeRecord = z.infer<typeof emailChangeRecord>;

/** Only the token's SHA-256 is stored; the token itself is only in the e-mailed link. */
export const emailChangeIdentifier = (token: string) => `${EMAIL_CHANGE_PREFIX}${createHash('sha256').update(token).digest('base64url')}`;

const pendingOf = (userId: string) =>
  and(like(verifications.identifier, `${EMAIL_CHANGE_PREFIX}%`), sql`(${verifications.value})::jsonb->>'userId' = ${userId}`);

/** The address waiting for confirmation, if a link was sent and has not expired. */
export async function pendingEmailChange(db: Db, userId: string): Promise<string | null> {
  const [pending] = await db
    .select({ value: verifications.value })
    .from(verifications)
    .where(and(pendingOf(userId), gt(verifications.expiresAt, new Date())))
    .orderBy(desc(verifications.createdAt))
    .limit(1);
  // A row that is not a change record (not JSON, another shape) is no pending change.
  return (pending && readJson(emailChangeRecord, pending.value)?.email) ?? null;
}

export async function emailBelongsToAnotherUser(db: Db, email: string, userId: string): Promise<boolean> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)));
  return Boolean(other);
}

/**
 * A new e-mail address only takes effect once its owner opens the link sent to it: a random token
 * (its hash stored, one hour, single use, replacing any earlier request) in a link to /account, whose
 * page confirms it with a POST.
 */
export async function requestEmailChange(services: Services, user: { id: string; email: string }, email: string): Promise<void> {
  const { db } = services.database;
  await hitRateLimit(db, `email-change:user:${user.id}`, 5, EMAIL_CHANGE_TTL_MS);
  if (await emailBelongsToAnotherUser(db, email, user.id)) throw new AppError('CONFLICT', EMAIL_TAKEN);
  const token = randomBytes(32).toString('base64url');
  const record: EmailChangeRecord = { type: 'email-change', userId: user.id, email };
  await db.delete(verifications).where(pendingOf(user.id));
  const context = await services.auth.$context;
  await context.internalAdapter.createVerificationValue({
    identifier: emailChangeIdentifier(token),
    value: JSON.stringify(record),
    expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_MS),
  });
  const link = new URL('/account', services.config.PUBLIC_URL);
  link.searchParams.set('confirm_email', token);
  await enqueueMail(
    services.jobs,
    renderMail({
      to: email,
      subject: 'Confirm your new Room Visualizer e-mail address',
      paragraphs: [
        'Hello,',
        `You asked to use this address (${email}) for your Room Visualizer account instead of ${user.email}.`,
        'Use the button below to confirm it. The link works once and expires in one hour. Until then your account keeps its current address.',
        "If you didn't ask for this, ignore this e-mail: nothing changes without this link.",
      ],
      action: { label: 'Confirm my new e-mail address', url: link.toString() },
    }),
  );
}
