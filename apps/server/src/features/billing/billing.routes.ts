import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@rv/contracts/messages';
import { routes } from '@rv/contracts/routes/routes';
import { forwardSetCookies, toWebHeaders } from '../../auth/request-headers';
import { requireUser } from '../../auth/session-guard';
import { claimedCheckoutSessions, subscriptions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hitRateLimit } from '../../lib/rate-limit';
import { route } from '../../lib/route';
import { applyPaymentEvent } from '../../payments/apply-payment-event';
import { PaymentError } from '../../payments/payments-provider';
import type { Services } from '../../services';
import { createAccount } from './create-account';

const MINUTE = 60_000;

/** Provider refusals become answers a person can read; the rest are server faults. */
export function toAppError(error: unknown): never {
  if (error instanceof PaymentError) {
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

  route(
    app,
    routes.createSubscription,
    async (request) => {
      await hitRateLimit(db, `create-subscription:ip:${request.ip}`, 10, 10 * MINUTE);
      const { email } = request.body;
      const name = request.body.name || email;
      const created = await payments.createSubscription({ email, name, idempotencyKey: randomUUID() }).catch(toAppError);
      await db
        .insert(subscriptions)
        .values({ id: created.subscriptionId, customerId: created.customerId, email, status: 'incomplete' })
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
      const { email } = request.body;
      const session = await payments
        .createCheckoutSession({
          email,
          name: request.body.name || email,
          successUrl: `${services.config.PUBLIC_URL}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${services.config.PUBLIC_URL}/#pricing`,
          idempotencyKey: randomUUID(),
        })
        .catch(toAppError);
      return { status: 200, body: { url: session.url } };
    },
    { tags },
  );

  /**
   * The hosted checkout's return: the provider must say the session is complete; the buyer's account
   * comes from the provider's events, and this browser is signed in once (the session id is single use).
   */
  route(
    app,
    routes.verifyPayment,
    async (request, reply) => {
      await hitRateLimit(db, `verify-payment:ip:${request.ip}`, 20, MINUTE);
      const session = await payments.retrieveCheckoutSession(request.body.sessionId).catch(toAppError);
      if (!session) throw new AppError('NOT_FOUND', messages.billing.noSessionId);
      if (session.status !== 'complete' || !session.customerEmail)
        return { status: 200, body: { success: false, message: 'Your payment has not completed yet.' } };
      if (session.subscriptionId) {
        const subscription = await payments.retrieveSubscription(session.subscriptionId);
        if (subscription)
          await applyPaymentEvent(db, { id: `verify:${session.id}`, created: 0, type: 'checkout.session.completed', session });
      }
      const [user] = await db.select().from(users).where(eq(users.email, session.customerEmail.toLowerCase()));
      if (!user) return { status: 200, body: { success: true, message: 'pending' } };
      const claimed = await db.insert(claimedCheckoutSessions).values({ id: session.id }).onConflictDoNothing().returning();
      if (claimed.length) {
        const { headers } = await services.auth.api.startSessionForUser({
          body: { userId: user.id },
          headers: toWebHeaders(request),
          returnHeaders: true,
        });
        forwardSetCookies(reply, headers);
      }
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
      const { headers } = await services.auth.api.startSessionForUser({
        body: { userId },
        headers: toWebHeaders(request),
        returnHeaders: true,
      });
      forwardSetCookies(reply, headers);
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
        .catch(toAppError);
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
