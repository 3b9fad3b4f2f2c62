import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { createAccountBody } from '@rv/contracts/api/billing';
import { messages } from '@rv/contracts/messages';
import { hashPassword } from '../../auth/password-hash';
import { accounts, checkoutIntents, subscriptions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordOrphanPayment, refundOrphanPayment } from '../../payments/orphan-payments';
import type { Services } from '../../services';

export const SUBSCRIPTION_NOT_CONFIRMED =
  "We couldn't confirm a paid subscription for this email. Please check your payment or contact support.";
export const ACCOUNT_EXISTS = 'An account already exists for this email. Please log in.';

/**
 * Creates the account after the embedded card payment. The ids in the URL are never trusted alone: the
 * subscription must be one our server opened for a new account with this e-mail and this customer
 * (checkout_intents), not yet used, and the provider must say it is paid (active or trialing). The
 * account is unverified until its owner opens a link sent to the address (auth/first-proof.ts). When the
 * e-mail got its account from another payment meanwhile, this payment is cancelled and refunded, and the
 * answer (409) says so (ADR 055).
 */
export async function createAccount(
  services: Services,
  input: z.infer<typeof createAccountBody>,
): Promise<{ userId: string; generation: number }> {
  const subscription = await services.payments.retrieveSubscription(input.stripeSubscriptionId);
  const paid = subscription && (subscription.status === 'active' || subscription.status === 'trialing');
  if (!paid || subscription.customerId !== input.stripeCustomerId || subscription.customerEmail.toLowerCase() !== input.email) {
    throw new AppError('FORBIDDEN', SUBSCRIPTION_NOT_CONFIRMED);
  }
  const { db } = services.database;
  const passwordHash = await hashPassword(input.password, services.config.PASSWORD_HASH_COST);
  const made = await db.transaction(async (tx) => {
    const [intent] = await tx
      .select()
      .from(checkoutIntents)
      .where(and(eq(checkoutIntents.subscriptionId, subscription.id), eq(checkoutIntents.customerId, subscription.customerId)))
      .for('update');
    if (!intent || !intent.createsAccount || intent.checkoutSessionId || intent.email !== input.email) {
      throw new AppError('FORBIDDEN', SUBSCRIPTION_NOT_CONFIRMED);
    }
    // This payment already made the account (a second press of Create Account).
    if (intent.userId) throw new AppError('CONFLICT', ACCOUNT_EXISTS);
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
    if (existing) {
      // The e-mail got its account from another payment meanwhile: this one is refunded (ADR 055).
      await recordOrphanPayment(tx, {
        subscriptionId: subscription.id,
        customerId: subscription.customerId,
        email: intent.email,
        checkoutIntentId: intent.id,
      });
      return null;
    }
    const userId = randomUUID();
    await tx
      .insert(subscriptions)
      .values({
        id: subscription.id,
        customerId: subscription.customerId,
        email: subscription.customerEmail,
        status: subscription.status,
        currentPeriodEnd: subscription.currentPeriodEnd,
        cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      })
      .onConflictDoNothing();
    await tx.insert(users).values({
      id: userId,
      email: input.email,
      // The name typed at checkout: as the card form last had it, else as the subscription was made with
      // (none typed: 'Not set' on the account page).
      name: input.name || intent.name || '',
      emailVerified: false,
      stripeCustomerId: subscription.customerId,
      stripeSubscriptionId: subscription.id,
      subscriptionStatus: subscription.status,
      currentPeriodEnd: subscription.currentPeriodEnd,
    });
    await tx.insert(accounts).values({ id: randomUUID(), userId, accountId: userId, providerId: 'credential', password: passwordHash });
    await tx.update(checkoutIntents).set({ userId, linkedAt: new Date() }).where(eq(checkoutIntents.id, intent.id));
    // A new account starts at session generation 0 (its first proof raises it).
    return { userId, generation: 0 };
  });
  if (made) return made;
  const refunded = await refundOrphanPayment(db, services.payments, subscription.id);
  throw new AppError('CONFLICT', refunded ? messages.billing.paymentRefunded : messages.billing.paidButAccountExists);
}
