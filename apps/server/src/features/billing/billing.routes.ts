import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@rv/contracts/messages';
import { routes } from '@rv/contracts/routes/routes';
import { forwardSetCookies, toWebHeaders } from '../../auth/request-headers';
import { getSessionUser, requireUser } from '../../auth/session-guard';
import { withSessionStamp } from '../../auth/session-stamp';
import { AppError } from '../../lib/app-error';
import { hitRateLimit } from '../../lib/rate-limit';
import { route } from '../../lib/route';
import { applyPaymentEvent } from '../../payments/apply-payment-event';
import { paidSubscriptionOf, refundOrphanPayment } from '../../payments/orphan-payments';
import type { Services } from '../../services';
import { sendWelcomeMail } from '../sign-in';
import { createAccount } from './create-account';
import { toAppError } from './payment-refusal';
import { startCheckoutSession, startSubscription } from './start-checkout';
import { verifyPayment } from './verify-payment';

const MINUTE = 60_000;

export const billingRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;
  const { payments } = services;
  const tags = ['billing'];

  /**
   * Signs this browser in to an account made by its own checkout, and welcomes the address (a link that
   * proves it). The session carries the generation read when the checkout was judged (ADR 032).
   */
  async function signInNewAccount(request: FastifyRequest, reply: FastifyReply, user: { id: string; email: string; generation: number }) {
    const { headers } = await withSessionStamp({ userId: user.id, generation: user.generation }, () =>
      services.auth.api.startSessionForUser({ body: { userId: user.id }, headers: toWebHeaders(request), returnHeaders: true }),
    );
    forwardSetCookies(reply, headers);
    await sendWelcomeMail(services, user.email);
  }

  route(
    app,
    routes.createSubscription,
    async (request) => {
      await hitRateLimit(db, `create-subscription:ip:${request.ip}`, 10, 10 * MINUTE);
      const signedIn = await getSessionUser(services, request);
      const created = await startSubscription(services, { signedIn, ...request.body, log: request.log });
      return { status: 200, body: created };
    },
    { tags },
  );

  route(
    app,
    routes.createCheckoutSession,
    async (request) => {
      await hitRateLimit(db, `checkout-session:ip:${request.ip}`, 10, 10 * MINUTE);
      const signedIn = await getSessionUser(services, request);
      return { status: 200, body: await startCheckoutSession(services, { signedIn, ...request.body, log: request.log }) };
    },
    { tags },
  );

  route(
    app,
    routes.verifyPayment,
    async (request, reply) => {
      await hitRateLimit(db, `verify-payment:ip:${request.ip}`, 20, MINUTE);
      const viewer = await getSessionUser(services, request);
      const verdict = await verifyPayment(services, { sessionId: request.body.sessionId, viewerId: viewer?.id ?? null, log: request.log });
      if (verdict.signIn) await signInNewAccount(request, reply, verdict.signIn);
      return { status: 200, body: verdict.answer };
    },
    { tags },
  );

  route(
    app,
    routes.createAccount,
    async (request, reply) => {
      await hitRateLimit(db, `create-account:ip:${request.ip}`, 10, 10 * MINUTE);
      const { userId, generation } = await createAccount(services, request.body);
      await signInNewAccount(request, reply, { id: userId, email: request.body.email, generation });
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
      // An address that does not parse is refused like one on another site (never a 500).
      const returnUrl = URL.parse(request.body.returnUrl, services.config.PUBLIC_URL);
      if (!returnUrl || returnUrl.origin !== new URL(services.config.PUBLIC_URL).origin)
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
      event = await services.payments.parseWebhook(request.body as Buffer, Array.isArray(signature) ? signature[0] : signature);
    } catch {
      return reply.code(400).send({ error: 'Invalid webhook signature', code: 'BAD_REQUEST' });
    }
    if (event) {
      await applyPaymentEvent(services.database.db, event);
      // A payment the event left without an account is cancelled and refunded (ADR 055).
      const paid = paidSubscriptionOf(event);
      if (paid) await refundOrphanPayment(services.database.db, services.payments, paid);
    }
    return reply.send({ received: true });
  });
}
