import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../../auth/session-guard';
import { checkoutIntents, subscriptions } from '../../db/schema';
import type { Services } from '../../services';
import { openCheckout } from './open-checkout';
import { toAppError } from './payment-refusal';

interface CheckoutInput {
  signedIn: UserRow | null;
  email: string;
  /** Falls back to the e-mail (spec). */
  name?: string;
  log: FastifyBaseLogger;
}

/** The states in which a subscription can no longer be paid. */
const ENDED = ['canceled', 'incomplete_expired'];

/**
 * The embedded card form's subscription (incomplete until its first payment), recorded under our
 * checkout. The e-mail's open checkout, if it has one, answers the same subscription: the provider is
 * asked under the checkout's own idempotency key, which gives back what the first request made.
 */
export async function startSubscription(services: Services, input: CheckoutInput) {
  const { db } = services.database;
  const { payments } = services;
  const checkout = await openCheckout(services, { ...input, flow: 'card' }, async (open) => {
    if (!open.subscriptionId) return true; // its first request is still asking the provider
    const subscription = await payments.retrieveSubscription(open.subscriptionId).catch((error: unknown) => toAppError(error, input.log));
    return Boolean(subscription && !ENDED.includes(subscription.status));
  });
  const created = await payments
    .createSubscription({ email: checkout.email, name: checkout.customerName, reference: checkout.id, idempotencyKey: checkout.id })
    .catch((error: unknown) => toAppError(error, input.log));
  await db
    .update(checkoutIntents)
    .set({ customerId: created.customerId, subscriptionId: created.subscriptionId })
    .where(eq(checkoutIntents.id, checkout.id));
  await db
    .insert(subscriptions)
    .values({ id: created.subscriptionId, customerId: created.customerId, email: checkout.email, status: 'incomplete' })
    .onConflictDoNothing();
  return created;
}

/**
 * The provider-hosted checkout, recorded under our checkout: answers the page to send the buyer to. The
 * e-mail's open checkout, if it has one, answers the same session (its own idempotency key).
 */
export async function startCheckoutSession(services: Services, input: CheckoutInput): Promise<{ url: string }> {
  const { payments } = services;
  const checkout = await openCheckout(services, { ...input, flow: 'hosted' }, async (open) => {
    if (!open.checkoutSessionId) return true; // its first request is still asking the provider
    const session = await payments.retrieveCheckoutSession(open.checkoutSessionId).catch((error: unknown) => toAppError(error, input.log));
    return Boolean(session && session.status !== 'expired');
  });
  const session = await payments
    .createCheckoutSession({
      email: checkout.email,
      name: checkout.customerName,
      reference: checkout.id,
      successUrl: `${services.config.PUBLIC_URL}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${services.config.PUBLIC_URL}/#pricing`,
      idempotencyKey: checkout.id,
    })
    .catch((error: unknown) => toAppError(error, input.log));
  await services.database.db.update(checkoutIntents).set({ checkoutSessionId: session.id }).where(eq(checkoutIntents.id, checkout.id));
  return { url: session.url };
}
