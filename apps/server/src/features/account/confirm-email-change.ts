import { eq } from 'drizzle-orm';
import { endWhatCameBefore } from '../../auth/first-proof';
import { users } from '../../db/schema';
import { enqueueMail } from '../../jobs/send-mail-job';
import { AppError } from '../../lib/app-error';
import { renderMail } from '../../mail/render-mail';
import type { Services } from '../../services';
import { EMAIL_TAKEN, emailBelongsToAnotherUser, emailChangeIdentifier, emailChangeRecord } from './request-email-change';
import { readJson } from '@rv/contracts/json';

export const EMAIL_CHANGE_LINK_INVALID = 'This confirmation link is not valid any more. Please change your e-mail address again.';
export const EMAIL_CHANGE_LINK_EXPIRED = 'This confirmation link has expired. Please change your e-mail address again.';
export const emailChanged = (email: string) => `Your e-mail address is now ${email}.`;

/** The pending change a token names, unexpired; consumed only by confirmEmailChange. */
async function pendingChange(services: Services, token: string) {
  const identifier = emailChangeIdentifier(token);
  const adapter = (await services.auth.$context).internalAdapter;
  const pending = await adapter.findVerificationValue(identifier);
  if (!pending) throw new AppError('BAD_REQUEST', EMAIL_CHANGE_LINK_INVALID);
  if (pending.expiresAt.getTime() < Date.now()) {
    await adapter.deleteVerificationByIdentifier(identifier);
    throw new AppError('GONE', EMAIL_CHANGE_LINK_EXPIRED);
  }
  const record = readJson(emailChangeRecord, pending.value);
  if (!record) throw new AppError('BAD_REQUEST', EMAIL_CHANGE_LINK_INVALID);
  return { identifier, adapter, record };
}

/**
 * What the link would do, changing nothing: the new address and the address of the account it would
 * join, for the page that asks for the explicit press (ADR 032).
 */
export async function describeEmailChange(services: Services, token: string): Promise<{ email: string; accountEmail: string }> {
  const { record } = await pendingChange(services, token);
  const [user] = await services.database.db.select({ email: users.email }).from(users).where(eq(users.id, record.userId));
  if (!user) throw new AppError('BAD_REQUEST', EMAIL_CHANGE_LINK_INVALID);
  return { email: record.email, accountEmail: user.email };
}

/**
 * Completes an e-mail change from its link, on an explicit press (a POST, so neither a mail scanner
 * that follows the link nor the page's opening uses it): the token must exist and be unexpired, and is
 * consumed once. This is the first proof of the new address, so like every first proof it ends every
 * session and password of the account and raises its session generation (auth/first-proof.ts): whoever
 * asked for the change, and anyone else signed in, is signed out, and the presser, who proved the
 * address, is the one signed in (the route). The old address is told.
 */
export async function confirmEmailChange(
  services: Services,
  token: string,
): Promise<{ email: string; userId: string; generation: number }> {
  const { db } = services.database;
  const { identifier, adapter, record } = await pendingChange(services, token);
  const consumed = await adapter.consumeVerificationValue(identifier);
  if (!consumed) throw new AppError('BAD_REQUEST', EMAIL_CHANGE_LINK_INVALID);
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, record.userId));
  if (!user) throw new AppError('BAD_REQUEST', EMAIL_CHANGE_LINK_INVALID);
  if (await emailBelongsToAnotherUser(db, record.email, record.userId)) throw new AppError('CONFLICT', EMAIL_TAKEN);
  let generation: number;
  try {
    generation = await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ email: record.email, emailVerified: true, emailProvenAt: new Date() })
        .where(eq(users.id, record.userId));
      return endWhatCameBefore(tx, record.userId);
    });
  } catch (error) {
    // Another account took the address between the check and the update (unique index).
    if (
      (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
      (error as { cause?: { code?: string } }).cause?.code === '23505'
    )
      throw new AppError('CONFLICT', EMAIL_TAKEN);
    throw error;
  }
  if (user.email !== record.email) {
    await enqueueMail(
      services.jobs,
      renderMail({
        to: user.email,
        subject: 'Your Room Visualizer e-mail address was changed',
        paragraphs: [
          'Hello,',
          `The e-mail address of your Room Visualizer account was changed to ${record.email}. Sign-in links now go to that address.`,
          "If you didn't make this change, tell us at once with Report a bug on the site.",
        ],
      }),
    );
  }
  return { email: record.email, userId: record.userId, generation };
}
