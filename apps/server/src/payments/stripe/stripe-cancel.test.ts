import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentError, PaymentsProvider } from '../payments-provider';
import type { FakeStripeApi } from '@rv/testing/fake-stripe-api';
import { startStripePaymentsOnFakeApi } from '../../../test/stripe-on-fake-api';
import { createStripePayments } from './stripe-payments';

const secretKey = 'sk_test_51RoomVisualizerCancelKey';

let api: FakeStripeApi;
let payments: PaymentsProvider;

beforeEach(async () => {
  ({ api, payments } = await startStripePaymentsOnFakeApi({ secretKey, webhookSecret: 'whsec_test_cancel', priceId: 'price_cancel' }));
});
afterEach(() => api.close());

describe('cancelSubscriptionNow', () => {
  it('cancels the subscription at Stripe now (DELETE /v1/subscriptions/{id}) and answers it canceled', async () => {
    const created = await payments.createSubscription({
      email: 'leaver@example.com',
      name: 'Leaver',
      reference: 'ref-test',
      idempotencyKey: 'leave-1',
    });

    const canceled = await payments.cancelSubscriptionNow(created.subscriptionId);

    const calls = api.requests.map((r) => `${r.method} ${r.path}`);
    expect(calls.at(-1)).toBe(`DELETE /v1/subscriptions/${created.subscriptionId}`);
    expect(canceled).toMatchObject({
      id: created.subscriptionId,
      customerId: created.customerId,
      customerEmail: 'leaver@example.com',
      status: 'canceled',
      cancelAtPeriodEnd: false,
    });
  });

  it('a subscription already canceled is answered as it is, without a second cancel', async () => {
    const created = await payments.createSubscription({
      email: 'twice@example.com',
      name: 'Twice',
      reference: 'ref-test',
      idempotencyKey: 'leave-2',
    });
    await payments.cancelSubscriptionNow(created.subscriptionId);
    const deletes = () => api.requests.filter((r) => r.method === 'DELETE').length;
    expect(deletes()).toBe(1);

    expect((await payments.cancelSubscriptionNow(created.subscriptionId))?.status).toBe('canceled');
    expect(deletes()).toBe(1);
  });

  it('is null for a subscription Stripe does not know', async () => {
    expect(await payments.cancelSubscriptionNow('sub_unknown')).toBeNull();
  });

  it('an unreachable provider is provider_unavailable (the caller keeps the account)', async () => {
    const offline = createStripePayments({
      secretKey,
      webhookSecret: 'whsec_test_cancel',
      priceId: 'price_cancel',
      apiBaseUrl: 'http://127.0.0.1:9',
    });
    const error = (await offline.cancelSubscriptionNow('sub_any').catch((reason: unknown) => reason)) as PaymentError;
    expect(error.name).toBe('PaymentError');
    expect(error.code).toBe('provider_unavailable');
  });
});
