import { randomUUID } from 'node:crypto';
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

/** The embedded card form's subscription (incomplete until its first payment), recorded under our checkout. */
export async function startSubscription(services: Services, input: CheckoutInput) {
  const { db } = services.database;
  const checkout = await openCheckout(services, input);
  const created = await services.payments
    .createSubscription({ email: checkout.email, name: input.name || checkout.email, reference: checkout.id, idempotencyKey: randomUUID() })
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

/** The provider-hosted checkout, recorded under our checkout: answers the page to send the buyer to. */
export async function startCheckoutSession(services: Services, input: CheckoutInput): Promise<{ url: string }> {
  const checkout = await openCheckout(services, input);
  const session = await services.payments
    .createCheckoutSession({
      email: checkout.email,
      name: input.name || checkout.email,
      reference: checkout.id,
      successUrl: `${services.config.PUBLIC_URL}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${services.config.PUBLIC_URL}/#pricing`,
      idempotencyKey: randomUUID(),
    })
    .catch((error: unknown) => toAppError(error, input.log));
  await services.database.db.update(checkoutIntents).set({ checkoutSessionId: session.id }).where(eq(checkoutIntents.id, checkout.id));
  return { url: session.url };
}
