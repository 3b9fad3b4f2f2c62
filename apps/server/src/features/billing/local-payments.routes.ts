import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@rv/contracts/api/common';
import { AppError } from '../../lib/app-error';
import { hitRateLimit } from '../../lib/rate-limit';
import type { LocalPayments } from '../../payments/local/local-payments';
import type { Services } from '../../services';
import { toAppError } from './billing.routes';

const card = z.object({ number: z.string().max(30), expiry: z.string().max(7), cvc: z.string().max(4) });
const portalAnswer = z.object({
  status: z.string(),
  currentPeriodEnd: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  returnUrl: z.string(),
  email: z.string(),
});
const idParam = z.object({ id: z.string().min(1).max(100) });
const EXPIRED = 'This page has expired. Please start again from your account.';

/** The pages of the offline payment provider (PAYMENTS=local): card form, hosted checkout, billing portal. */
export const localPaymentsRoutes: FastifyPluginAsyncZod<{ services: Services; payments: LocalPayments }> = async (
  app,
  { services, payments },
) => {
  const { db } = services.database;

  app.post(
    '/api/local-payments/confirm',
    {
      schema: {
        tags: ['local payments'],
        body: z.object({ clientSecret: z.string().max(200), card }),
        response: { 200: z.object({ status: z.literal('succeeded') }), 400: errorBody, 402: errorBody },
      },
    },
    async (request) => {
      await hitRateLimit(db, `local-card:ip:${request.ip}`, 20, 60_000);
      await payments.confirmCard(request.body.clientSecret, request.body.card).catch(toAppError);
      return { status: 'succeeded' as const };
    },
  );

  app.get(
    '/api/local-payments/checkout/:id',
    {
      schema: {
        tags: ['local payments'],
        params: idParam,
        response: { 200: z.object({ email: z.string(), status: z.string(), cancelUrl: z.string() }), 404: errorBody },
      },
    },
    async (request) => {
      const page = await payments.getCheckoutPage(request.params.id);
      if (!page) throw new AppError('NOT_FOUND', EXPIRED);
      return page;
    },
  );

  app.post(
    '/api/local-payments/checkout/:id/pay',
    {
      schema: {
        tags: ['local payments'],
        params: idParam,
        body: z.object({ card }),
        response: { 200: z.object({ redirectUrl: z.string() }), 400: errorBody, 402: errorBody },
      },
    },
    async (request) => {
      await hitRateLimit(db, `local-card:ip:${request.ip}`, 20, 60_000);
      return payments.payCheckoutSession(request.params.id, request.body.card).catch(toAppError);
    },
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

  app.get(
    '/api/local-payments/portal/:id',
    { schema: { tags: ['local payments'], params: idParam, response: { 200: portalAnswer, 404: errorBody } } },
    async (request) => portalView(request.params.id),
  );

  for (const action of ['cancel', 'resume'] as const) {
    app.post(
      `/api/local-payments/portal/:id/${action}`,
      { schema: { tags: ['local payments'], params: idParam, response: { 200: portalAnswer, 400: errorBody, 404: errorBody } } },
      async (request) => {
        await payments.setCancelAtPeriodEnd(request.params.id, action === 'cancel').catch(toAppError);
        return portalView(request.params.id);
      },
    );
  }
};
