import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentError, PaymentsProvider } from '../payments-provider';
import type { FakeStripeApi } from '@rv/testing/fake-stripe-api';
import { startStripePaymentsOnFakeApi } from '../../../test/stripe-on-fake-api';

const secretKey = 'sk_test_51RoomVisualizerRefundKey';

let api: FakeStripeApi;
let payments: PaymentsProvider;

beforeEach(async () => {
  ({ api, payments } = await startStripePaymentsOnFakeApi({ secretKey, webhookSecret: 'whsec_test_refund', priceId: 'price_refund' }));
});
afterEach(() => api.close());

/** A paid subscription at the stand-in, as a completed Checkout Session leaves it. */
async function paidSubscription(email: string) {
  const { id } = await payments.createCheckoutSession({
    email,
    name: 'Payer',
    reference: 'ref-refund',
    successUrl: 'http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://localhost:3000/#pricing',
    idempotencyKey: `checkout-${email}`,
  });
  return api.completeCheckoutSession(id);
}

describe('refundSubscription (a payment that made no account, ADR 055)', () => {
  it('cancels the subscription now and refunds each paid invoice’s payment in full, as a duplicate', async () => {
    const { subscriptionId, paymentIntentId } = await paidSubscription('orphan@example.com');

    const refunded = await payments.refundSubscription(subscriptionId);

    expect(refunded).toMatchObject({ id: subscriptionId, status: 'canceled', customerEmail: 'orphan@example.com' });
    const calls = api.requests.map((r) => `${r.method} ${r.path}`);
    expect(calls).toContain(`DELETE /v1/subscriptions/${subscriptionId}`);
    const list = api.requests.find((r) => r.method === 'GET' && r.path === '/v1/invoices')!;
    expect([list.query.get('subscription'), list.query.get('status'), list.query.get('expand[0]')]).toEqual([
      subscriptionId,
      'paid',
      'data.payments',
    ]);
    const refund = api.requests.find((r) => r.method === 'POST' && r.path === '/v1/refunds')!;
    expect([refund.form.get('payment_intent'), refund.form.get('reason')]).toEqual([paymentIntentId, 'duplicate']);
    expect(refund.headers['idempotency-key']).toBe(`refund:${paymentIntentId}`);
    expect(api.refunds).toEqual([expect.objectContaining({ paymentIntent: paymentIntentId, amount: 1200 })]);
  });

  it('asked again, refunds nothing more and cancels nothing more', async () => {
    const { subscriptionId } = await paidSubscription('again@example.com');
    await payments.refundSubscription(subscriptionId);
    const deletes = () => api.requests.filter((r) => r.method === 'DELETE').length;

    expect((await payments.refundSubscription(subscriptionId))?.status).toBe('canceled');
    expect(deletes()).toBe(1);
    expect(api.refunds).toHaveLength(1);
  });

  it('a payment Stripe already refunded (its key past Stripe’s 24 hours) is taken as done', async () => {
    const { subscriptionId, paymentIntentId } = await paidSubscription('old@example.com');
    api.answerOnce('POST /v1/refunds', {
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'charge_already_refunded',
          message: `Charge for ${paymentIntentId} has already been refunded.`,
        },
      },
    });
    expect((await payments.refundSubscription(subscriptionId))?.status).toBe('canceled');
  });

  it('is null for a subscription Stripe does not know; an unreachable Stripe is provider_unavailable', async () => {
    expect(await payments.refundSubscription('sub_unknown')).toBeNull();
    await api.close();
    const error = (await payments.refundSubscription('sub_any').catch((reason: unknown) => reason)) as PaymentError;
    expect(error.name).toBe('PaymentError');
    expect(error.code).toBe('provider_unavailable');
  });
});
