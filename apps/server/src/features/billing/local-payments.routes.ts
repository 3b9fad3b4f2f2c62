import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@rv/contracts/routes/routes';
import { AppError } from '../../lib/app-error';
import { hitRateLimit } from '../../lib/rate-limit';
import { route } from '../../lib/route';
import type { LocalPayments } from '../../payments/local/local-payments';
import type { Services } from '../../services';
import { toAppError } from './payment-refusal';

const EXPIRED = 'This page has expired. Please start again from your account.';

/** The pages of the offline payment provider (PAYMENTS=local): card form, hosted checkout, billing portal. */
export const localPaymentsRoutes: FastifyPluginAsyncZod<{ services: Services; payments: LocalPayments }> = async (
  app,
  { services, payments },
) => {
  const { db } = services.database;

  const tags = ['local payments'];

  route(
    app,
    routes.localConfirm,
    async (request) => {
      await hitRateLimit(db, `local-card:ip:${request.ip}`, 20, 60_000);
      await payments.confirmCard(request.body.clientSecret, request.body.card).catch(toAppError);
      return { status: 200, body: { status: 'succeeded' } };
    },
    { tags },
  );

  route(
    app,
    routes.localCheckout,
    async (request) => {
      const page = await payments.getCheckoutPage(request.params.id);
      if (!page) throw new AppError('NOT_FOUND', EXPIRED);
      return { status: 200, body: page };
    },
    { tags },
  );

  route(
    app,
    routes.localPay,
    async (request) => {
      await hitRateLimit(db, `local-card:ip:${request.ip}`, 20, 60_000);
      return { status: 200, body: await payments.payCheckoutSession(request.params.id, request.body.card).catch(toAppError) };
    },
    { tags },
  );

  const portalView = async (id: string) => {
    const portal = await payments.getPortal(id);
    if (!portal) throw new AppError('NOT_FOUND', EXPIRED);
    const { subscription, returnUrl } = portal;
    return {
      status: subscription.status,
      currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      returnUrl,
      email: subscription.customerEmail,
    };
  };

  route(app, routes.localPortal, async (request) => ({ status: 200, body: await portalView(request.params.id) }), { tags });

  for (const [entry, cancel] of [
    [routes.localPortalCancel, true],
    [routes.localPortalResume, false],
  ] as const) {
    route(
      app,
      entry,
      async (request) => {
        await payments.setCancelAtPeriodEnd(request.params.id, cancel).catch(toAppError);
        return { status: 200, body: await portalView(request.params.id) };
      },
      { tags },
    );
  }
};
