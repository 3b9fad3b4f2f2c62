import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { messages } from '@rv/contracts/messages';
import { checkoutIntents, claimedCheckoutSessions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { applyPaymentEvent, checkoutOfSession } from '../../payments/apply-payment-event';
import { refundOrphanPayment } from '../../payments/orphan-payments';
import type { Services } from '../../services';
import { toAppError } from './payment-refusal';

export interface PaymentVerdict {
  answer: { success: boolean; message: string };
  /**
   * The account this checkout made, to be signed in in this browser (once per session id), with its
   * session generation as read here (the session is stamped with it, ADR 032).
   */
  signIn?: { id: string; email: string; generation: number };
}

/**
 * The hosted checkout's return: the provider must say the session is complete, and it must be one our
 * server opened (its reference). Only an account this checkout made is signed in, once; an account that
 * existed before it never is.
 */
export async function verifyPayment(
  services: Services,
  input: { sessionId: string; viewerId: string | null; log: FastifyBaseLogger },
): Promise<PaymentVerdict> {
  const { db } = services.database;
  const { payments } = services;
  const session = await payments.retrieveCheckoutSession(input.sessionId).catch((error: unknown) => toAppError(error, input.log));
  if (!session) throw new AppError('NOT_FOUND', messages.billing.noSessionId);
  if (session.status !== 'complete') return { answer: { success: false, message: 'Your payment has not completed yet.' } };
  if (session.subscriptionId && (await payments.retrieveSubscription(session.subscriptionId)))
    await applyPaymentEvent(db, { id: `verify:${session.id}`, created: 0, type: 'checkout.session.completed', session });
  // A payment that made no account is cancelled and refunded (ADR 055); tried again here if it has not gone through.
  const refunded = session.subscriptionId ? await refundOrphanPayment(db, payments, session.subscriptionId) : false;
  const { reference } = session;
  const [checkout] = reference
    ? await db
        .select()
        .from(checkoutIntents)
        .where(checkoutOfSession({ id: session.id, reference }))
    : [];
  if (!checkout) return { answer: { success: false, message: messages.billing.checkoutNotFound } };
  if (refunded) {
    const message = checkout.createsAccount ? messages.billing.paymentRefunded : messages.billing.secondSubscriptionRefunded;
    return { answer: { success: false, message } };
  }
  if (!checkout.userId) {
    if (checkout.createsAccount) return { answer: { success: false, message: messages.billing.paidButAccountExists } };
    return { answer: { success: true, message: 'pending' } };
  }
  if (!checkout.createsAccount) return { answer: { success: true, message: 'subscribed' } };
  const claimed = await db.insert(claimedCheckoutSessions).values({ id: session.id }).onConflictDoNothing().returning();
  // A reload in the browser that was signed in here is still 'created'; any other browser signs in by link.
  if (!claimed.length) return { answer: { success: true, message: input.viewerId === checkout.userId ? 'created' : 'claimed' } };
  const [user] = await db
    .select({ id: users.id, email: users.email, generation: users.sessionGeneration, emailProvenAt: users.emailProvenAt })
    .from(users)
    .where(eq(users.id, checkout.userId));
  if (!user) return { answer: { success: false, message: messages.billing.checkoutNotFound } };
  // The address's owner proved it before this page was opened: the account is theirs now, and a
  // return page (perhaps a squatter's, held back until then) signs nobody in. They sign in by link.
  if (user.emailProvenAt) return { answer: { success: true, message: 'claimed' } };
  return { answer: { success: true, message: 'created' }, signIn: { id: user.id, email: user.email, generation: user.generation } };
}
