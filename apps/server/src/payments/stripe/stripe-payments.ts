import { messages } from '@rv/contracts/messages';
import type Stripe from 'stripe';
import { loadOnce } from '../../lib/load-once';
import {
  PaymentError,
  type PaymentEvent,
  type PaymentsProvider,
  type ProviderCheckoutSession,
  type ProviderSubscription,
  subscriptionStatuses,
  type SubscriptionStatus,
} from '../payments-provider';

export interface StripePaymentsOptions {
  /** STRIPE_SECRET_KEY (sk_live_… / sk_test_… / rk_…). */
  secretKey: string;
  /** STRIPE_WEBHOOK_SECRET (whsec_…): the signing secret of the webhook endpoint. */
  webhookSecret: string;
  /** STRIPE_PRICE_ID (price_…): the $12/month recurring price. */
  priceId: string;
  /** Where the API lives, e.g. http://127.0.0.1:PORT in tests. Default: Stripe's own (https://api.stripe.com). */
  apiBaseUrl?: string;
}

const REQUEST_TIMEOUT_MS = 30_000;

/**
 * The payments port over Stripe with the official SDK. The SDK pins its API version (Stripe-Version
 * header on every call), so responses to our calls have one known shape; webhook payloads follow the
 * API version of the webhook endpoint instead, so the event mapping also reads the older shapes.
 */

/** The SDK, imported at the first payment call (see load-once.ts). */
const loadStripeSdk = loadOnce(async () => (await import('stripe')).default);

export function createStripePayments(options: StripePaymentsOptions): PaymentsProvider {
  const client = loadOnce(async () => {
    const StripeClient = await loadStripeSdk();
    return new StripeClient(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: REQUEST_TIMEOUT_MS,
      ...hostSettings(options.apiBaseUrl),
    });
  });
  const { priceId, webhookSecret } = options;

  /** Runs SDK calls with the client and turns Stripe's failures into the port's PaymentError. */
  async function call<T>(work: (stripe: Stripe, sdk: typeof Stripe) => Promise<T>): Promise<T> {
    const [sdk, stripe] = await Promise.all([loadStripeSdk(), client()]);
    try {
      return await work(stripe, sdk);
    } catch (error) {
      throw toPaymentError(sdk, error);
    }
  }

  return {
    name: 'stripe',

    async createSubscription(input) {
      return call(async (stripe) => {
        const customer = await stripe.customers.create(
          { email: input.email, name: input.name, metadata: { reference: input.reference } },
          { idempotencyKey: `${input.idempotencyKey}:customer` },
        );
        const subscription = await stripe.subscriptions.create(
          {
            customer: customer.id,
            items: [{ price: priceId }],
            payment_behavior: 'default_incomplete',
            payment_settings: { save_default_payment_method: 'on_subscription' },
            metadata: { reference: input.reference },
            // Invoice.payment_intent no longer exists in the pinned API version (removed in 2025-03-31.basil);
            // expanding it would be refused, so only the confirmation secret is asked for.
            expand: ['latest_invoice.confirmation_secret'],
          },
          { idempotencyKey: `${input.idempotencyKey}:subscription` },
        );
        const clientSecret = firstInvoiceClientSecret(subscription);
        if (!clientSecret) {
          const cause = new Error('Stripe returned no payment to confirm for the first invoice of the subscription');
          throw withCause(new PaymentError(messages.billing.paymentRefused, 'invalid_request'), cause);
        }
        return { customerId: customer.id, subscriptionId: subscription.id, clientSecret };
      });
    },

    async createCheckoutSession(input) {
      return call(async (stripe) => {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            line_items: [{ price: priceId, quantity: 1 }],
            customer_email: input.email,
            client_reference_id: input.reference,
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            metadata: { name: input.name, reference: input.reference },
            subscription_data: { metadata: { reference: input.reference } },
          },
          { idempotencyKey: `${input.idempotencyKey}:checkout` },
        );
        if (!session.url)
          throw withCause(
            new PaymentError(messages.billing.paymentRefused, 'invalid_request'),
            new Error('Stripe returned a checkout session without a URL'),
          );
        return { id: session.id, url: session.url };
      });
    },

    async retrieveCheckoutSession(id) {
      return call(async (stripe, sdk) => {
        try {
          return toCheckoutSession(await stripe.checkout.sessions.retrieve(id));
        } catch (error) {
          if (isMissing(sdk, error)) return null;
          throw error;
        }
      });
    },

    async retrieveSubscription(id) {
      return call(async (stripe, sdk) => {
        try {
          return toSubscription(await stripe.subscriptions.retrieve(id, { expand: ['customer'] }));
        } catch (error) {
          if (isMissing(sdk, error)) return null;
          throw error;
        }
      });
    },

    async createPortalSession(input) {
      return call(async (stripe, sdk) => {
        try {
          const session = await stripe.billingPortal.sessions.create({ customer: input.customerId, return_url: input.returnUrl });
          return { url: session.url };
        } catch (error) {
          if (error instanceof sdk.errors.StripeInvalidRequestError && PORTAL_NOT_ACTIVATED.test(error.message)) {
            throw withCause(new PaymentError(messages.account.portalNotActivated, 'portal_not_activated'), error);
          }
          throw error;
        }
      });
    },

    async cancelSubscriptionNow(id) {
      return call(async (stripe, sdk) => {
        try {
          const current = await stripe.subscriptions.retrieve(id, { expand: ['customer'] });
          if (current.status === 'canceled' || current.status === 'incomplete_expired') return toSubscription(current);
          // No proration credit and no final invoice: the subscriber leaves now (Stripe's DELETE /v1/subscriptions/{id}).
          return toSubscription(await stripe.subscriptions.cancel(id, { expand: ['customer'] }));
        } catch (error) {
          if (isMissing(sdk, error)) return null;
          throw error;
        }
      });
    },

    async refundSubscription(id) {
      return call(async (stripe, sdk) => {
        try {
          let subscription = await stripe.subscriptions.retrieve(id, { expand: ['customer'] });
          if (subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired')
            subscription = await stripe.subscriptions.cancel(id, { expand: ['customer'] }, { idempotencyKey: `refund:${id}:cancel` });
          // Every payment of its paid invoices, refunded in full once (the payment's own key; one refunded
          // earlier, past the key's 24 hours, is answered 'already refunded').
          const invoices = await stripe.invoices.list({ subscription: id, status: 'paid', expand: ['data.payments'] });
          for (const invoice of invoices.data) {
            for (const { payment, status } of invoice.payments?.data ?? []) {
              const paymentIntent = idOf(payment.payment_intent);
              if (status !== 'paid' || !paymentIntent) continue;
              await stripe.refunds
                .create({ payment_intent: paymentIntent, reason: 'duplicate' }, { idempotencyKey: `refund:${paymentIntent}` })
                .catch((error: unknown) => {
                  if (!(error instanceof sdk.errors.StripeError && error.code === 'charge_already_refunded')) throw error;
                });
            }
          }
          return toSubscription(subscription);
        } catch (error) {
          if (isMissing(sdk, error)) return null;
          throw error;
        }
      });
    },

    async parseWebhook(rawBody, signature) {
      const stripe = await client();
      let event: Stripe.Event;
      try {
        if (!signature) throw new Error('No Stripe-Signature header');
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch (error) {
        throw withCause(new PaymentError('Invalid webhook signature', 'invalid_request'), error);
      }
      return toPaymentEvent(event);
    },
  };
}

/** Stripe's answer when the customer portal has never been saved in the Dashboard (live or test mode). */
const PORTAL_NOT_ACTIVATED = /No configuration provided|default configuration has not been created|customer portal settings/i;

function hostSettings(apiBaseUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBaseUrl) return {};
  const url = new URL(apiBaseUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

function toPaymentError(sdk: typeof Stripe, error: unknown): unknown {
  if (error instanceof PaymentError || !(error instanceof sdk.errors.StripeError)) return error;
  // Stripe's own text (which can name its objects: 'No such customer...') stays in the cause, for the log.
  if (error instanceof sdk.errors.StripeCardError)
    return withCause(new PaymentError(messages.billing.cardDeclined, 'card_declined'), error);
  if (
    error instanceof sdk.errors.StripeConnectionError ||
    error instanceof sdk.errors.StripeAPIError ||
    error instanceof sdk.errors.StripeRateLimitError
  ) {
    return withCause(new PaymentError('The payment provider could not be reached. Please try again.', 'provider_unavailable'), error);
  }
  return withCause(new PaymentError(messages.billing.paymentRefused, 'invalid_request'), error);
}

function withCause(paymentError: PaymentError, cause: unknown): PaymentError {
  paymentError.cause = cause;
  return paymentError;
}

function isMissing(sdk: typeof Stripe, error: unknown): boolean {
  return error instanceof sdk.errors.StripeError && (error.code === 'resource_missing' || error.statusCode === 404);
}

/** A field an older API version had and the pinned types no longer declare (webhook payloads keep the endpoint's version). */
function legacyField(object: object, key: string): unknown {
  return (object as Record<string, unknown>)[key];
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value == null) return null;
  return typeof value === 'string' ? value : value.id;
}

function firstInvoiceClientSecret(subscription: Stripe.Subscription): string | null {
  const invoice = subscription.latest_invoice;
  if (!invoice || typeof invoice === 'string') return null;
  if (invoice.confirmation_secret?.client_secret) return invoice.confirmation_secret.client_secret;
  // API versions before 2025-03-31.basil: the invoice's PaymentIntent, when it was expanded.
  const paymentIntent = legacyField(invoice, 'payment_intent');
  if (paymentIntent && typeof paymentIntent === 'object') {
    const secret = legacyField(paymentIntent, 'client_secret');
    if (typeof secret === 'string' && secret) return secret;
  }
  return null;
}

function toStatus(status: string): SubscriptionStatus {
  // A status Stripe adds later grants nothing until it is mapped here.
  return subscriptionStatuses.find((known) => known === status) ?? 'incomplete';
}

function toSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const customer = subscription.customer;
  const customerEmail = typeof customer === 'object' && !('deleted' in customer && customer.deleted) ? (customer.email ?? '') : '';
  return {
    id: subscription.id,
    customerId: typeof customer === 'string' ? customer : customer.id,
    customerEmail,
    status: toStatus(subscription.status),
    currentPeriodEnd: new Date(currentPeriodEnd(subscription) * 1000),
    // Flexible billing mode (and the portal with it) schedules the end with cancel_at instead of the flag.
    cancelAtPeriodEnd: subscription.cancel_at_period_end || (subscription.cancel_at !== null && subscription.status !== 'canceled'),
  };
}

/** Since 2025-03-31.basil the period lives on each subscription item; before, on the subscription. */
function currentPeriodEnd(subscription: Stripe.Subscription): number {
  const itemEnds = (subscription.items?.data ?? []).map((item) => item.current_period_end).filter((end) => typeof end === 'number');
  if (itemEnds.length) return Math.max(...itemEnds);
  const legacy = legacyField(subscription, 'current_period_end');
  if (typeof legacy === 'number') return legacy;
  return subscription.billing_cycle_anchor;
}

function toCheckoutSession(session: Stripe.Checkout.Session): ProviderCheckoutSession {
  const status = session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open';
  return {
    id: session.id,
    status,
    customerId: idOf(session.customer),
    subscriptionId: idOf(session.subscription),
    customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
    reference: session.client_reference_id ?? session.metadata?.reference ?? null,
  };
}

/** Since 2025-03-31.basil an invoice names its subscription under parent.subscription_details; before, at the top. */
function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const fromParent = idOf(invoice.parent?.subscription_details?.subscription);
  if (fromParent) return fromParent;
  const legacy = legacyField(invoice, 'subscription');
  if (typeof legacy === 'string') return legacy;
  if (legacy && typeof legacy === 'object' && typeof (legacy as { id?: unknown }).id === 'string') return (legacy as { id: string }).id;
  return null;
}

/**
 * The end of the period the invoice paid for: the latest end among its subscription lines. The
 * invoice's own period_end is the end of the *previous* period for subscription invoices.
 */
function invoicePeriodEnd(invoice: Stripe.Invoice): number {
  const lines = invoice.lines?.data ?? [];
  const subscriptionLines = lines.filter(
    (line) => line.parent?.type === 'subscription_item_details' || legacyField(line, 'type') === 'subscription',
  );
  const ends = (subscriptionLines.length ? subscriptionLines : lines)
    .map((line) => line.period?.end)
    .filter((end) => typeof end === 'number');
  return ends.length ? Math.max(...ends) : invoice.period_end;
}

function toPaymentEvent(event: Stripe.Event): PaymentEvent | null {
  const base = { id: event.id, created: event.created };
  switch (event.type) {
    case 'checkout.session.completed':
      return { ...base, type: event.type, session: toCheckoutSession(event.data.object) };
    case 'invoice.paid': {
      const invoice = event.data.object;
      const subscriptionId = invoiceSubscriptionId(invoice);
      const customerId = idOf(invoice.customer);
      // A one-off invoice (no subscription) does not concern the subscription lifecycle.
      if (!subscriptionId || !customerId) return null;
      return {
        ...base,
        type: event.type,
        invoiceId: invoice.id,
        subscriptionId,
        customerId,
        periodEnd: new Date(invoicePeriodEnd(invoice) * 1000),
      };
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subscriptionId = invoiceSubscriptionId(invoice);
      const customerId = idOf(invoice.customer);
      if (!subscriptionId || !customerId) return null;
      const message = invoice.last_finalization_error?.message ?? 'The payment for your subscription failed.';
      return { ...base, type: event.type, invoiceId: invoice.id, subscriptionId, customerId, message };
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { ...base, type: event.type, subscription: toSubscription(event.data.object) };
    default:
      return null;
  }
}
