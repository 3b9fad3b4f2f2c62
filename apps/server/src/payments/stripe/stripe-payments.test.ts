import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { messages } from '@rv/contracts/messages';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PaymentError, type PaymentsProvider } from '../payments-provider';
import type { FakeStripeApi } from '@rv/testing/fake-stripe-api';
import { startStripePaymentsOnFakeApi } from '../../../test/stripe-on-fake-api';
import { createStripePayments } from './stripe-payments';

const secretKey = 'sk_test_51RoomVisualizerTestKey';
const webhookSecret = 'whsec_test_room_visualizer';
const priceId = 'price_1RoomVisualizerMonthly';

let api: FakeStripeApi;
let payments: PaymentsProvider;

beforeEach(async () => {
  ({ api, payments } = await startStripePaymentsOnFakeApi({ secretKey, webhookSecret, priceId }));
});
afterEach(() => api.close());

/** What the call rejected with. */
async function refusal(promise: Promise<unknown>): Promise<PaymentError> {
  const error: unknown = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PaymentError);
  return error as PaymentError;
}

describe('createSubscription', () => {
  it('creates the customer, then an incomplete subscription on the price, and returns its client secret', async () => {
    const result = await payments.createSubscription({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      reference: 'ref-test',
      idempotencyKey: 'signup-1',
    });

    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/customers', 'POST /v1/subscriptions']);
    const [customerCall, subscriptionCall] = api.requests;
    for (const request of api.requests) {
      expect(request.headers.authorization).toBe(`Bearer ${secretKey}`);
      expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(request.headers['stripe-version']).toBe(Stripe.API_VERSION);
    }
    expect(customerCall?.form.get('email')).toBe('ada@example.com');
    expect(customerCall?.form.get('name')).toBe('Ada Lovelace');

    const form = subscriptionCall!.form;
    expect(form.get('customer')).toBe(result.customerId);
    expect(form.get('items[0][price]')).toBe(priceId);
    expect(form.get('payment_behavior')).toBe('default_incomplete');
    expect(form.get('payment_settings[save_default_payment_method]')).toBe('on_subscription');
    expect(form.getAll('expand[0]')).toEqual(['latest_invoice.confirmation_secret']);

    expect(result.customerId).toMatch(/^cus_/);
    expect(result.subscriptionId).toMatch(/^sub_/);
    expect(result.clientSecret).toMatch(/^pi_[0-9a-f]+_secret_[0-9a-f]+$/);
  });

  it('sends a distinct idempotency key on each POST, derived from the caller’s key', async () => {
    await payments.createSubscription({ email: 'ada@example.com', name: 'Ada', reference: 'ref-test', idempotencyKey: 'signup-2' });

    const keys = api.requests.map((r) => r.headers['idempotency-key']);
    expect(keys).toEqual(['signup-2:customer', 'signup-2:subscription']);
    expect(new Set(keys).size).toBe(2);
  });

  it('a repeated call with the same key is replayed by Stripe: one customer, one subscription', async () => {
    const input = { email: 'ada@example.com', name: 'Ada', reference: 'ref-3', idempotencyKey: 'signup-3' };
    const first = await payments.createSubscription(input);
    const again = await payments.createSubscription(input);

    expect(again).toEqual(first);
    const other = await payments.createSubscription({ ...input, idempotencyKey: 'signup-4' });
    expect(other.customerId).not.toBe(first.customerId);
  });

  it('reads the client secret from latest_invoice.payment_intent when the answer has the older shape', async () => {
    api.answerOnce('POST /v1/subscriptions', {
      status: 200,
      body: {
        id: 'sub_legacy',
        object: 'subscription',
        customer: 'cus_legacy',
        status: 'incomplete',
        latest_invoice: {
          id: 'in_legacy',
          object: 'invoice',
          payment_intent: { id: 'pi_legacy', object: 'payment_intent', client_secret: 'pi_legacy_secret_abc' },
        },
      },
    });

    const result = await payments.createSubscription({
      email: 'ada@example.com',
      name: 'Ada',
      reference: 'ref-test',
      idempotencyKey: 'signup-5',
    });

    expect(result.subscriptionId).toBe('sub_legacy');
    expect(result.clientSecret).toBe('pi_legacy_secret_abc');
  });

  it('refuses when Stripe returns no payment to confirm', async () => {
    api.answerOnce('POST /v1/subscriptions', {
      status: 200,
      body: {
        id: 'sub_free',
        object: 'subscription',
        customer: 'cus_x',
        status: 'active',
        latest_invoice: { id: 'in_free', object: 'invoice', confirmation_secret: null },
      },
    });

    const error = await refusal(
      payments.createSubscription({ email: 'ada@example.com', name: 'Ada', reference: 'ref-test', idempotencyKey: 'signup-6' }),
    );
    expect(error.code).toBe('invalid_request');
  });
});

describe('createCheckoutSession', () => {
  it('creates a subscription-mode session for the price and returns its id and hosted URL', async () => {
    const successUrl = 'http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}';
    const session = await payments.createCheckoutSession({
      email: 'grace@example.com',
      name: 'Grace Hopper',
      reference: 'checkout-ref-1',
      successUrl,
      cancelUrl: 'http://localhost:3000/#pricing',
      idempotencyKey: 'checkout-1',
    });

    const [request] = api.requests;
    expect(`${request?.method} ${request?.path}`).toBe('POST /v1/checkout/sessions');
    const form = request!.form;
    expect(form.get('mode')).toBe('subscription');
    expect(form.get('line_items[0][price]')).toBe(priceId);
    expect(form.get('line_items[0][quantity]')).toBe('1');
    expect(form.get('customer_email')).toBe('grace@example.com');
    expect(form.get('success_url')).toBe(successUrl);
    expect(form.get('cancel_url')).toBe('http://localhost:3000/#pricing');
    expect(form.get('metadata[name]')).toBe('Grace Hopper');
    expect(form.get('client_reference_id')).toBe('checkout-ref-1');
    expect(form.get('metadata[reference]')).toBe('checkout-ref-1');
    expect(form.get('subscription_data[metadata][reference]')).toBe('checkout-ref-1');
    expect(request?.headers['idempotency-key']).toBe('checkout-1:checkout');

    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`https://checkout.stripe.com/c/pay/${session.id}`);
  });
});

describe('retrieveCheckoutSession', () => {
  it('maps an open and then a completed session', async () => {
    const { id } = await payments.createCheckoutSession({
      email: 'grace@example.com',
      name: 'Grace',
      reference: 'checkout-ref-2',
      successUrl: 'http://localhost:3000/ok',
      cancelUrl: 'http://localhost:3000/',
      idempotencyKey: 'checkout-2',
    });

    expect(await payments.retrieveCheckoutSession(id)).toEqual({
      id,
      status: 'open',
      customerId: null,
      subscriptionId: null,
      customerEmail: 'grace@example.com',
      reference: 'checkout-ref-2',
    });

    const { customerId, subscriptionId } = api.completeCheckoutSession(id);
    expect(await payments.retrieveCheckoutSession(id)).toEqual({
      id,
      status: 'complete',
      customerId,
      subscriptionId,
      customerEmail: 'grace@example.com',
      reference: 'checkout-ref-2',
    });
    expect(api.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/checkout/sessions/${id}` });
  });

  it('is null for a session Stripe does not know (404 resource_missing)', async () => {
    expect(await payments.retrieveCheckoutSession('cs_test_unknown')).toBeNull();
  });
});

describe('retrieveSubscription', () => {
  it('maps status, customer, customer e-mail and the period end from the subscription items', async () => {
    const created = await payments.createSubscription({
      email: 'ada@example.com',
      name: 'Ada',
      reference: 'ref-test',
      idempotencyKey: 'signup-7',
    });

    const subscription = await payments.retrieveSubscription(created.subscriptionId);

    const request = api.requests.at(-1)!;
    expect(`${request.method} ${request.path}`).toBe(`GET /v1/subscriptions/${created.subscriptionId}`);
    expect(request.query.get('expand[0]')).toBe('customer');
    expect(subscription).toMatchObject({
      id: created.subscriptionId,
      customerId: created.customerId,
      customerEmail: 'ada@example.com',
      status: 'incomplete',
      cancelAtPeriodEnd: false,
    });
    const daysAhead = (subscription!.currentPeriodEnd.getTime() - Date.now()) / 86_400_000;
    expect(daysAhead).toBeGreaterThan(29);
    expect(daysAhead).toBeLessThan(31);
  });

  it('reads current_period_end from the subscription itself in the older shape, and cancel_at as a scheduled end', async () => {
    api.answerOnce('GET /v1/subscriptions/sub_old', {
      status: 200,
      body: {
        id: 'sub_old',
        object: 'subscription',
        customer: { id: 'cus_old', object: 'customer', email: 'old@example.com' },
        status: 'active',
        cancel_at_period_end: false,
        cancel_at: 1_900_000_000,
        current_period_end: 1_900_000_000,
        items: { object: 'list', data: [{ id: 'si_old', object: 'subscription_item' }] },
      },
    });

    expect(await payments.retrieveSubscription('sub_old')).toEqual({
      id: 'sub_old',
      customerId: 'cus_old',
      customerEmail: 'old@example.com',
      status: 'active',
      currentPeriodEnd: new Date(1_900_000_000_000),
      cancelAtPeriodEnd: true,
    });
  });

  it('is null for a subscription Stripe does not know (404 resource_missing)', async () => {
    expect(await payments.retrieveSubscription('sub_unknown')).toBeNull();
  });
});

describe('createPortalSession', () => {
  it('creates a billing portal session for the customer with the return URL', async () => {
    const { customerId } = await payments.createSubscription({
      email: 'ada@example.com',
      name: 'Ada',
      reference: 'ref-test',
      idempotencyKey: 'signup-8',
    });

    const portal = await payments.createPortalSession({ customerId, returnUrl: 'http://localhost:3000/account' });

    const request = api.requests.at(-1)!;
    expect(`${request.method} ${request.path}`).toBe('POST /v1/billing_portal/sessions');
    expect(request.form.get('customer')).toBe(customerId);
    expect(request.form.get('return_url')).toBe('http://localhost:3000/account');
    expect(portal.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
  });

  it('turns "no portal configuration" into portal_not_activated with the spec’s message', async () => {
    const { customerId } = await payments.createSubscription({
      email: 'ada@example.com',
      name: 'Ada',
      reference: 'ref-test',
      idempotencyKey: 'signup-9',
    });
    api.portalActivated = false;

    const error = await refusal(payments.createPortalSession({ customerId, returnUrl: 'http://localhost:3000/account' }));

    expect(error.code).toBe('portal_not_activated');
    expect(error.message).toBe(messages.account.portalNotActivated);
  });

  it('an unknown customer is an invalid request in our words, Stripe’s own kept as the cause (for the log)', async () => {
    const error = await refusal(payments.createPortalSession({ customerId: 'cus_unknown', returnUrl: 'http://localhost:3000/account' }));
    expect(error.code).toBe('invalid_request');
    expect(error.message).toBe(messages.billing.paymentRefused);
    expect(error.message).not.toMatch(/cus_|No such/);
    expect((error.cause as Error).message).toBe("No such customer: 'cus_unknown'");
  });
});

describe('Stripe errors', () => {
  it('a card error (402) becomes card_declined with our message', async () => {
    api.answerOnce('POST /v1/subscriptions', {
      status: 402,
      body: {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
        },
      },
    });

    const error = await refusal(
      payments.createSubscription({ email: 'ada@example.com', name: 'Ada', reference: 'ref-test', idempotencyKey: 'signup-10' }),
    );

    expect(error.code).toBe('card_declined');
    expect(error.message).toBe(messages.billing.cardDeclined);
  });

  it('a transient 500 is retried with the same idempotency key', async () => {
    api.answerOnce('POST /v1/customers', { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred' } } });

    const result = await payments.createSubscription({
      email: 'ada@example.com',
      name: 'Ada',
      reference: 'ref-test',
      idempotencyKey: 'signup-11',
    });

    const customerCalls = api.requests.filter((r) => r.path === '/v1/customers');
    expect(customerCalls).toHaveLength(2);
    expect(customerCalls.map((r) => r.headers['idempotency-key'])).toEqual(['signup-11:customer', 'signup-11:customer']);
    expect(result.customerId).toMatch(/^cus_/);
  });

  it('a wrong API key is an invalid request', async () => {
    const wrongKey = createStripePayments({ secretKey: 'sk_test_wrong', webhookSecret, priceId, apiBaseUrl: api.url });
    const error = await refusal(wrongKey.retrieveSubscription('sub_x'));
    expect(error.code).toBe('invalid_request');
  });

  it('an unreachable API is provider_unavailable', async () => {
    const closedPort = await unusedPort();
    const offline = createStripePayments({ secretKey, webhookSecret, priceId, apiBaseUrl: `http://127.0.0.1:${closedPort}` });

    const error = await refusal(
      offline.createCheckoutSession({
        email: 'a@example.com',
        name: 'A',
        reference: 'r',
        successUrl: 'http://x/',
        cancelUrl: 'http://x/',
        idempotencyKey: 'k',
      }),
    );

    expect(error.code).toBe('provider_unavailable');
  });
});

describe('parseWebhook', () => {
  const now = Math.floor(Date.now() / 1000);
  const periodEnd = now + 30 * 86_400;

  function signed(event: object, secret = webhookSecret): { body: Buffer; signature: string } {
    const payload = JSON.stringify(event, null, 2);
    return { body: Buffer.from(payload), signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
  }

  function event(type: string, object: object, id = 'evt_1') {
    return {
      id,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
  }

  const subscription = {
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status: 'active',
    cancel_at_period_end: true,
    cancel_at: periodEnd,
    billing_cycle_anchor: now,
    items: {
      object: 'list',
      data: [{ id: 'si_1', object: 'subscription_item', current_period_start: now, current_period_end: periodEnd }],
    },
  };

  function invoice(extra: object = {}) {
    return {
      id: 'in_1',
      object: 'invoice',
      customer: 'cus_1',
      status: 'paid',
      period_start: now - 30 * 86_400,
      period_end: now,
      last_finalization_error: null,
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1', metadata: {} }, quote_details: null },
      lines: {
        object: 'list',
        data: [
          {
            id: 'il_1',
            object: 'line_item',
            period: { start: now, end: periodEnd },
            parent: {
              type: 'subscription_item_details',
              subscription_item_details: { subscription: 'sub_1', subscription_item: 'si_1', proration: false },
            },
          },
        ],
      },
      ...extra,
    };
  }

  it('checkout.session.completed → the completed session with our reference (client_reference_id)', async () => {
    const { body, signature } = signed(
      event('checkout.session.completed', {
        id: 'cs_test_1',
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        customer: 'cus_1',
        subscription: 'sub_1',
        client_reference_id: 'intent-1',
        customer_email: 'grace@example.com',
        customer_details: { email: 'grace@example.com' },
      }),
    );

    await expect(payments.parseWebhook(body, signature)).resolves.toEqual({
      id: 'evt_1',
      created: now,
      type: 'checkout.session.completed',
      session: {
        id: 'cs_test_1',
        status: 'complete',
        customerId: 'cus_1',
        subscriptionId: 'sub_1',
        customerEmail: 'grace@example.com',
        reference: 'intent-1',
      },
    });
  });

  it('invoice.paid → invoice, subscription, customer and the end of the period paid for', async () => {
    const { body, signature } = signed(event('invoice.paid', invoice(), 'evt_2'));

    await expect(payments.parseWebhook(body, signature)).resolves.toEqual({
      id: 'evt_2',
      created: now,
      type: 'invoice.paid',
      invoiceId: 'in_1',
      subscriptionId: 'sub_1',
      customerId: 'cus_1',
      periodEnd: new Date(periodEnd * 1000),
    });
  });

  it('invoice.paid in the older shape (invoice.subscription) is read too', async () => {
    const legacy = invoice({ parent: undefined, subscription: 'sub_old' });
    const { body, signature } = signed(event('invoice.paid', legacy, 'evt_3'));

    await expect(payments.parseWebhook(body, signature)).resolves.toMatchObject({
      type: 'invoice.paid',
      subscriptionId: 'sub_old',
      customerId: 'cus_1',
    });
  });

  it('invoice.paid for a one-off invoice (no subscription) is ignored', async () => {
    const { body, signature } = signed(event('invoice.paid', invoice({ parent: null, lines: { object: 'list', data: [] } }), 'evt_4'));
    await expect(payments.parseWebhook(body, signature)).resolves.toBeNull();
  });

  it('invoice.payment_failed → invoice, subscription, customer and a message', async () => {
    const { body, signature } = signed(event('invoice.payment_failed', invoice({ status: 'open' }), 'evt_5'));

    const parsed = await payments.parseWebhook(body, signature);

    expect(parsed).toMatchObject({
      id: 'evt_5',
      created: now,
      type: 'invoice.payment_failed',
      invoiceId: 'in_1',
      subscriptionId: 'sub_1',
      customerId: 'cus_1',
    });
    expect(parsed?.type === 'invoice.payment_failed' && parsed.message).toBeTruthy();
  });

  it('customer.subscription.updated → the subscription', async () => {
    const { body, signature } = signed(event('customer.subscription.updated', subscription, 'evt_6'));

    await expect(payments.parseWebhook(body, signature)).resolves.toEqual({
      id: 'evt_6',
      created: now,
      type: 'customer.subscription.updated',
      subscription: {
        id: 'sub_1',
        customerId: 'cus_1',
        customerEmail: '',
        status: 'active',
        currentPeriodEnd: new Date(periodEnd * 1000),
        cancelAtPeriodEnd: true,
      },
    });
  });

  it('customer.subscription.deleted → the canceled subscription (older shape: current_period_end on the subscription)', async () => {
    const canceled = {
      ...subscription,
      status: 'canceled',
      cancel_at_period_end: false,
      cancel_at: null,
      items: { object: 'list', data: [] },
      current_period_end: periodEnd,
    };
    const { body, signature } = signed(event('customer.subscription.deleted', canceled, 'evt_7'));

    await expect(payments.parseWebhook(body, signature)).resolves.toEqual({
      id: 'evt_7',
      created: now,
      type: 'customer.subscription.deleted',
      subscription: {
        id: 'sub_1',
        customerId: 'cus_1',
        customerEmail: '',
        status: 'canceled',
        currentPeriodEnd: new Date(periodEnd * 1000),
        cancelAtPeriodEnd: false,
      },
    });
  });

  it('an event type we do not handle is null', async () => {
    const { body, signature } = signed(event('customer.created', { id: 'cus_1', object: 'customer' }, 'evt_8'));
    await expect(payments.parseWebhook(body, signature)).resolves.toBeNull();
  });

  it('refuses a delivery signed with another secret', async () => {
    const { body, signature } = signed(event('invoice.paid', invoice()), 'whsec_someone_else');
    await expect(payments.parseWebhook(body, signature)).rejects.toThrow(PaymentError);
    await expect(payments.parseWebhook(body, signature)).rejects.toThrow('Invalid webhook signature');
  });

  it('refuses a tampered body', async () => {
    const { body, signature } = signed(event('invoice.paid', invoice()));
    const tampered = Buffer.from(body.toString('utf8').replace('"cus_1"', '"cus_attacker"'));
    expect(tampered.equals(body)).toBe(false);

    await expect(payments.parseWebhook(tampered, signature)).rejects.toThrow('Invalid webhook signature');
  });

  it('refuses a missing signature header and an old (replayed) signature', async () => {
    const { body } = signed(event('invoice.paid', invoice()));
    await expect(payments.parseWebhook(body, undefined)).rejects.toThrow('Invalid webhook signature');

    const payload = body.toString('utf8');
    const stale = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp: now - 3600 });
    await expect(payments.parseWebhook(body, stale)).rejects.toSatisfy(
      (error) => error instanceof PaymentError && error.code === 'invalid_request',
    );
  });
});

async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
