import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for api.stripe.com in contract tests: it listens on 127.0.0.1, records what the official
 * SDK sends (form-encoded bodies, headers) and answers with objects shaped like Stripe's for the calls
 * the payments adapter makes. It keeps customers, subscriptions and checkout sessions in memory,
 * replays POSTs by Idempotency-Key like Stripe does, and can be told to answer a call differently once.
 */
export interface RecordedStripeRequest {
  method: string;
  path: string;
  /** The query string (GET parameters such as `expand[0]`). */
  query: URLSearchParams;
  /** The form-encoded body (POST parameters with bracket keys such as `items[0][price]`). */
  form: URLSearchParams;
  headers: IncomingHttpHeaders;
}

export interface StripeAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface FakeStripeApi {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  requests: RecordedStripeRequest[];
  /** Whether a customer portal configuration has been saved (Stripe refuses portal sessions until then). */
  portalActivated: boolean;
  /** The next request to `route` ("POST /v1/subscriptions") gets this answer instead of the normal one. */
  answerOnce(route: string, answer: StripeAnswer): void;
  /**
   * What a paid Checkout Session looks like afterwards: complete, with its customer and an active
   * subscription whose first invoice is paid (by a PaymentIntent, which a refund names).
   */
  completeCheckoutSession(id: string): { customerId: string; subscriptionId: string; paymentIntentId: string };
  /** The subscriptions it holds, as their status and customer's e-mail. */
  subscriptions(): { id: string; status: string; customerEmail: string | null }[];
  /** The refunds made (POST /v1/refunds), oldest first. */
  refunds: { id: string; paymentIntent: string; amount: number }[];
  close(): Promise<void>;
}

type StripeObject = Record<string, unknown> & { id: string };

export async function startFakeStripeApi(options: { secretKey: string }): Promise<FakeStripeApi> {
  const requests: RecordedStripeRequest[] = [];
  const overrides: { route: string; answer: StripeAnswer }[] = [];
  const replays = new Map<string, { body: string; answer: StripeAnswer }>();
  const customers = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject>();
  const sessions = new Map<string, StripeObject>();
  const invoices = new Map<string, StripeObject>();
  const refunds: FakeStripeApi['refunds'] = [];
  const state = { portalActivated: true };

  function route(request: RecordedStripeRequest): StripeAnswer {
    const { method, path, form } = request;
    const now = Math.floor(Date.now() / 1000);
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: newId('cus'),
        object: 'customer',
        email: form.get('email'),
        name: form.get('name'),
        created: now,
        livemode: false,
        metadata: {},
      };
      customers.set(customer.id, customer);
      return ok(customer);
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const customerId = form.get('customer') ?? '';
      if (!customers.has(customerId)) return missing('customer', customerId);
      const subscription = newSubscription(customerId, form.get('items[0][price]') ?? '', now);
      subscriptions.set(subscription.id, subscription);
      return ok(expandLatestInvoice(subscription, expandList(form)));
    }
    const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'GET' && subscriptionMatch) {
      const subscription = subscriptions.get(subscriptionMatch[1] ?? '');
      if (!subscription) return missing('subscription', subscriptionMatch[1] ?? '');
      const expandCustomer = expandList(request.query).includes('customer');
      return ok(expandCustomer ? { ...subscription, customer: customers.get(subscription.customer as string) } : subscription);
    }
    if (method === 'DELETE' && subscriptionMatch) {
      const subscription = subscriptions.get(subscriptionMatch[1] ?? '');
      if (!subscription) return missing('subscription', subscriptionMatch[1] ?? '');
      Object.assign(subscription, { status: 'canceled', canceled_at: now, ended_at: now, cancel_at_period_end: false });
      const expandCustomer = expandList(request.query).includes('customer') || expandList(form).includes('customer');
      return ok(expandCustomer ? { ...subscription, customer: customers.get(subscription.customer as string) } : subscription);
    }
    if (method === 'GET' && path === '/v1/invoices') {
      const subscription = request.query.get('subscription');
      const status = request.query.get('status');
      const data = [...invoices.values()].filter(
        (invoice) => (!subscription || invoice.subscription_id === subscription) && (!status || invoice.status === status),
      );
      return ok({ object: 'list', data, has_more: false, url: '/v1/invoices' });
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const paymentIntent = form.get('payment_intent') ?? '';
      const payment = [...invoices.values()]
        .flatMap((invoice) => (invoice.payments as { data: { payment: { payment_intent: string }; amount_paid: number }[] }).data)
        .find((entry) => entry.payment.payment_intent === paymentIntent);
      if (!payment) return missing('payment_intent', paymentIntent);
      if (refunds.some((refund) => refund.paymentIntent === paymentIntent)) {
        return stripeError(400, {
          type: 'invalid_request_error',
          code: 'charge_already_refunded',
          message: `Charge for ${paymentIntent} has already been refunded.`,
        });
      }
      const refund = { id: newId('re'), paymentIntent, amount: payment.amount_paid };
      refunds.push(refund);
      return ok({
        id: refund.id,
        object: 'refund',
        payment_intent: paymentIntent,
        amount: refund.amount,
        status: 'succeeded',
        created: now,
      });
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = newId('cs_test');
      const session = {
        id,
        object: 'checkout.session',
        mode: form.get('mode'),
        status: 'open',
        payment_status: 'unpaid',
        url: `https://checkout.stripe.com/c/pay/${id}`,
        customer: null,
        customer_email: form.get('customer_email'),
        client_reference_id: form.get('client_reference_id'),
        customer_details: null,
        subscription: null,
        success_url: form.get('success_url'),
        cancel_url: form.get('cancel_url'),
        metadata: { name: form.get('metadata[name]'), reference: form.get('metadata[reference]') },
        created: now,
        livemode: false,
      };
      sessions.set(id, session);
      return ok(session);
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && sessionMatch) {
      const session = sessions.get(sessionMatch[1] ?? '');
      return session ? ok(session) : missing('checkout.session', sessionMatch[1] ?? '');
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!state.portalActivated) {
        return stripeError(400, {
          type: 'invalid_request_error',
          message:
            'No configuration provided and your test mode default configuration has not been created. Provide a configuration or create your default by saving your customer portal settings in test mode at https://dashboard.stripe.com/test/settings/billing/portal.',
        });
      }
      const customerId = form.get('customer') ?? '';
      if (!customers.has(customerId)) return missing('customer', customerId);
      const id = newId('bps');
      return ok({
        id,
        object: 'billing_portal.session',
        customer: customerId,
        return_url: form.get('return_url'),
        url: `https://billing.stripe.com/p/session/test_${id}`,
        created: now,
        livemode: false,
      });
    }
    return stripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  function answer(request: RecordedStripeRequest, rawBody: string): StripeAnswer {
    if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
      return stripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' });
    }
    const overrideIndex = overrides.findIndex((override) => override.route === `${request.method} ${request.path}`);
    if (overrideIndex >= 0) return overrides.splice(overrideIndex, 1)[0]!.answer;
    const key = request.headers['idempotency-key'];
    if (request.method !== 'POST' || typeof key !== 'string') return route(request);
    const earlier = replays.get(key);
    if (earlier && earlier.body !== rawBody) {
      return stripeError(400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      });
    }
    if (earlier) return { ...earlier.answer, headers: { ...earlier.answer.headers, 'idempotent-replayed': 'true' } };
    const fresh = route(request);
    if (fresh.status < 500) replays.set(key, { body: rawBody, answer: fresh });
    return fresh;
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const request: RecordedStripeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        form: new URLSearchParams(rawBody),
        headers: req.headers,
      };
      requests.push(request);
      const { status, body, headers } = answer(request, rawBody);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req'), ...headers }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get portalActivated() {
      return state.portalActivated;
    },
    set portalActivated(value: boolean) {
      state.portalActivated = value;
    },
    answerOnce: (route, answer) => overrides.push({ route, answer }),
    completeCheckoutSession(id) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no checkout session ${id}`);
      const now = Math.floor(Date.now() / 1000);
      const customer = {
        id: newId('cus'),
        object: 'customer',
        email: session.customer_email,
        name: (session.metadata as { name: string }).name,
        created: now,
        livemode: false,
        metadata: {},
      };
      customers.set(customer.id, customer);
      const subscription: StripeObject = { ...newSubscription(customer.id, 'price', now), status: 'active' };
      subscriptions.set(subscription.id, subscription);
      const paymentIntentId = newId('pi');
      const invoiceId = subscription.latest_invoice as string;
      invoices.set(invoiceId, {
        id: invoiceId,
        object: 'invoice',
        status: 'paid',
        customer: customer.id,
        amount_paid: 1200,
        subscription_id: subscription.id,
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: subscription.id, metadata: {} },
          quote_details: null,
        },
        payments: {
          object: 'list',
          data: [
            {
              id: newId('inpay'),
              object: 'invoice_payment',
              invoice: invoiceId,
              amount_paid: 1200,
              status: 'paid',
              payment: { type: 'payment_intent', payment_intent: paymentIntentId },
            },
          ],
          has_more: false,
        },
      });
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        url: null,
        customer: customer.id,
        subscription: subscription.id,
        customer_details: { email: session.customer_email, name: customer.name },
      });
      return { customerId: customer.id, subscriptionId: subscription.id, paymentIntentId };
    },
    subscriptions: () =>
      [...subscriptions.values()].map((subscription) => ({
        id: subscription.id,
        status: subscription.status as string,
        customerEmail: (customers.get(subscription.customer as string)?.email as string | null) ?? null,
      })),
    refunds,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(8).toString('hex')}`;
}

function ok(body: unknown): StripeAnswer {
  return { status: 200, body };
}

function stripeError(status: number, error: Record<string, unknown>): StripeAnswer {
  return { status, body: { error: { ...error, request_log_url: 'https://dashboard.stripe.com/test/logs/req_test' } } };
}

function missing(kind: string, id: string): StripeAnswer {
  return stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: `No such ${kind}: '${id}'` });
}

/** `expand[0]=a&expand[1]=b` → ['a', 'b']. */
function expandList(params: URLSearchParams): string[] {
  return [...params.entries()].filter(([key]) => /^expand\[\d*\]$/.test(key)).map(([, value]) => value);
}

/** A subscription as the pinned API version returns it: the billing period on the items, the first invoice open. */
function newSubscription(customerId: string, priceId: string, now: number): StripeObject {
  const id = newId('sub');
  const periodEnd = now + 30 * 24 * 60 * 60;
  return {
    id,
    object: 'subscription',
    customer: customerId,
    status: 'incomplete',
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    billing_cycle_anchor: now,
    created: now,
    start_date: now,
    livemode: false,
    metadata: {},
    items: {
      object: 'list',
      data: [
        {
          id: newId('si'),
          object: 'subscription_item',
          subscription: id,
          price: { id: priceId, object: 'price', recurring: { interval: 'month', interval_count: 1 }, unit_amount: 1200, currency: 'usd' },
          quantity: 1,
          current_period_start: now,
          current_period_end: periodEnd,
        },
      ],
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: newId('in'),
  };
}

function expandLatestInvoice(subscription: StripeObject, expand: string[]): StripeObject {
  if (!expand.some((path) => path.startsWith('latest_invoice'))) return subscription;
  const paymentIntentId = newId('pi');
  const invoice: Record<string, unknown> = {
    id: subscription.latest_invoice,
    object: 'invoice',
    status: 'open',
    customer: subscription.customer,
    parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: {} }, quote_details: null },
  };
  if (expand.includes('latest_invoice.confirmation_secret')) {
    invoice.confirmation_secret = { client_secret: `${paymentIntentId}_secret_${randomBytes(12).toString('hex')}`, type: 'payment_intent' };
  }
  return { ...subscription, latest_invoice: invoice };
}
