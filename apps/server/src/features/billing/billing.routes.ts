import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@rv/contracts/messages';
import { routes } from '@rv/contracts/routes/routes';
import { forwardSetCookies, toWebHeaders } from '../../auth/request-headers';
import { getSessionUser, requireUser } from '../../auth/session-guard';
import { checkoutIntents, claimedCheckoutSessions, subscriptions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hitRateLimit } from '../../lib/rate-limit';
import { route } from '../../lib/route';
import { applyPaymentEvent } from '../../payments/apply-payment-event';
import { PaymentError } from '../../payments/payments-provider';
import type { Services } from '../../services';
import { sendWelcomeMail } from '../sign-in/request-sign-in-link';
import { createAccount } from './create-account';
import { openCheckout } from './open-checkout';

const MINUTE = 60_000;

/**
 * Provider refusals become answers a person can read: a PaymentError's message is always in our words
 * (the Stripe adapter keeps Stripe's own text as its cause, which goes to the log with the request).
 * The rest are server faults.
 */
export function toAppError(error: unknown, log?: FastifyBaseLogger): never {
  if (error instanceof PaymentError) {
    if (error.cause) log?.warn({ err: error.cause, code: error.code }, 'payment provider refused');
    if (error.code === 'card_declined') throw new AppError('PAYMENT_REQUIRED', error.message);
    if (error.code === 'portal_not_activated') throw new AppError('BAD_REQUEST', messages.account.portalNotActivated);
    if (error.code === 'provider_unavailable')
      throw new AppError('SERVICE_UNAVAILABLE', 'The payment service is not reachable. Please try again in a minute.');
    throw new AppError('BAD_REQUEST', error.message);
  }
  throw error;
}

export const billingRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;
  const { payments } = services;
  const tags = ['billing'];

  /** Signs this browser in to an account made by its own checkout, and welcomes the address (a link that proves it). */
  async function signInNewAccount(request: FastifyRequest, reply: FastifyReply, user: { id: string; email: string }) {
    const { headers } = await services.auth.api.startSessionForUser({
      body: { userId: user.id },
      headers: toWebHeaders(request),
      returnHeaders: true,
    });
    forwardSetCookies(reply, headers);
    await sendWelcomeMail(services, user.email);
  }

  route(
    app,
    routes.createSubscription,
    async (request) => {
      await hitRateLimit(db, `create-subscription:ip:${request.ip}`, 10, 10 * MINUTE);
      const checkout = await openCheckout(services, { signedIn: await getSessionUser(services, request), email: request.body.email });
      const name = request.body.name || checkout.email;
      const created = await payments
        .createSubscription({ email: checkout.email, name, reference: checkout.id, idempotencyKey: randomUUID() })
        .catch((error: unknown) => toAppError(error, request.log));
      await db
        .update(checkoutIntents)
        .set({ customerId: created.customerId, subscriptionId: created.subscriptionId })
        .where(eq(checkoutIntents.id, checkout.id));
      await db
        .insert(subscriptions)
        .values({ id: created.subscriptionId, customerId: created.customerId, email: checkout.email, status: 'incomplete' })
        .onConflictDoNothing();
      return { status: 200, body: created };
    },
    { tags },
  );

  route(
    app,
    routes.createCheckoutSession,
    async (request) => {
      await hitRateLimit(db, `checkout-session:ip:${request.ip}`, 10, 10 * MINUTE);
      const checkout = await openCheckout(services, { signedIn: await getSessionUser(services, request), email: request.body.email });
      const session = await payments
        .createCheckoutSession({
          email: checkout.email,
          name: request.body.name || checkout.email,
          reference: checkout.id,
          successUrl: `${services.config.PUBLIC_URL}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${services.config.PUBLIC_URL}/#pricing`,
          idempotencyKey: randomUUID(),
        })
        .catch((error: unknown) => toAppError(error, request.log));
      await db.update(checkoutIntents).set({ checkoutSessionId: session.id }).where(eq(checkoutIntents.id, checkout.id));
      return { status: 200, body: { url: session.url } };
    },
    { tags },
  );

  /**
   * The hosted checkout's return: the provider must say the session is complete, and it must be one our
   * server opened (its reference). Only an account this checkout made is signed in here, once (the
   * session id is single use); an account that existed before it never is.
   */
  route(
    app,
    routes.verifyPayment,
    async (request, reply) => {
      await hitRateLimit(db, `verify-payment:ip:${request.ip}`, 20, MINUTE);
      const session = await payments
        .retrieveCheckoutSession(request.body.sessionId)
        .catch((error: unknown) => toAppError(error, request.log));
      if (!session) throw new AppError('NOT_FOUND', messages.billing.noSessionId);
      if (session.status !== 'complete') return { status: 200, body: { success: false, message: 'Your payment has not completed yet.' } };
      if (session.subscriptionId && (await payments.retrieveSubscription(session.subscriptionId)))
        await applyPaymentEvent(db, { id: `verify:${session.id}`, created: 0, type: 'checkout.session.completed', session });
      const [checkout] = session.reference
        ? await db
            .select()
            .from(checkoutIntents)
            .where(and(eq(checkoutIntents.id, session.reference), eq(checkoutIntents.checkoutSessionId, session.id)))
        : [];
      if (!checkout) return { status: 200, body: { success: false, message: messages.billing.checkoutNotFound } };
      if (!checkout.userId) {
        if (checkout.createsAccount) return { status: 200, body: { success: false, message: messages.billing.paidButAccountExists } };
        return { status: 200, body: { success: true, message: 'pending' } };
      }
      if (!checkout.createsAccount) return { status: 200, body: { success: true, message: 'subscribed' } };
      const claimed = await db.insert(claimedCheckoutSessions).values({ id: session.id }).onConflictDoNothing().returning();
      if (!claimed.length) {
        // A reload in the browser that was signed in here is still 'created'; any other browser signs in by link.
        const viewer = await getSessionUser(services, request);
        return { status: 200, body: { success: true, message: viewer?.id === checkout.userId ? 'created' : 'claimed' } };
      }
      const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, checkout.userId));
      if (!user) return { status: 200, body: { success: false, message: messages.billing.checkoutNotFound } };
      await signInNewAccount(request, reply, user);
      return { status: 200, body: { success: true, message: 'created' } };
    },
    { tags },
  );

  route(
    app,
    routes.createAccount,
    async (request, reply) => {
      await hitRateLimit(db, `create-account:ip:${request.ip}`, 10, 10 * MINUTE);
      const { userId } = await createAccount(services, request.body);
      await signInNewAccount(request, reply, { id: userId, email: request.body.email });
      return { status: 200, body: { user: { email: request.body.email, name: '', hasToolAccess: true } } };
    },
    { tags },
  );

  route(
    app,
    routes.createPortalSession,
    async (request) => {
      const user = await requireUser(services, request);
      // The portal opens for the caller's own customer, whatever id the body names.
      if (!user.stripeCustomerId) return { status: 200, body: { message: messages.account.subscriptionAccessFailed } };
      const returnUrl = new URL(request.body.returnUrl, services.config.PUBLIC_URL);
      if (returnUrl.origin !== new URL(services.config.PUBLIC_URL).origin)
        throw new AppError('BAD_REQUEST', 'The return address must be on this site.');
      const portal = await payments
        .createPortalSession({ customerId: user.stripeCustomerId, returnUrl: returnUrl.toString() })
        .catch((error: unknown) => toAppError(error, request.log));
      return { status: 200, body: portal };
    },
    { tags },
  );

  await app.register(webhookRoute, { services });
};

/** Provider webhooks: the signature is checked over the raw body, then the event is applied once. */
async function webhookRoute(app: FastifyInstance, { services }: { services: Services }) {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(routes.paymentsWebhook.path, { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
    const signature = request.headers['stripe-signature'] ?? request.headers['x-local-signature'];
    let event;
    try {
      event = services.payments.parseWebhook(request.body as Buffer, Array.isArray(signature) ? signature[0] : signature);
    } catch {
      return reply.code(400).send({ error: 'Invalid webhook signature', code: 'BAD_REQUEST' });
    }
    if (event) await applyPaymentEvent(services.database.db, event);
    return reply.send({ received: true });
  });
}
