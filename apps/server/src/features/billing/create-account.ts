import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { createAccountBody } from '@rv/contracts/api/billing';
import { hashPassword } from '../../auth/password-hash';
import { accounts, subscriptions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Services } from '../../services';

export const SUBSCRIPTION_NOT_CONFIRMED =
  "We couldn't confirm a paid subscription for this email. Please check your payment or contact support.";
export const ACCOUNT_EXISTS = 'An account already exists for this email. Please log in.';

/**
 * Creates the account after payment. The ids in the URL are never trusted alone: the provider must say
 * the subscription is paid (active or trialing), belongs to this customer, and the customer's e-mail
 * is this e-mail.
 */
export async function createAccount(services: Services, input: z.infer<typeof createAccountBody>): Promise<{ userId: string }> {
  const subscription = await services.payments.retrieveSubscription(input.stripeSubscriptionId);
  const paid = subscription && (subscription.status === 'active' || subscription.status === 'trialing');
  if (!paid || subscription.customerId !== input.stripeCustomerId || subscription.customerEmail.toLowerCase() !== input.email) {
    throw new AppError('FORBIDDEN', SUBSCRIPTION_NOT_CONFIRMED);
  }
  const { db } = services.database;
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
    if (existing) throw new AppError('CONFLICT', ACCOUNT_EXISTS);
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
      name: '',
      emailVerified: true,
      stripeCustomerId: subscription.customerId,
      stripeSubscriptionId: subscription.id,
      subscriptionStatus: subscription.status,
      currentPeriodEnd: subscription.currentPeriodEnd,
    });
    await tx.insert(accounts).values({ id: randomUUID(), userId, accountId: userId, providerId: 'credential', password: passwordHash });
    return { userId };
  });
}
