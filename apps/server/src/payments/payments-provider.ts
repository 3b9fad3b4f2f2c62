/**
 * The payments port: what the product needs from a payment provider. Implementations: `local` (the
 * offline default, simulating Stripe's flows on our own pages) and `stripe`. Chosen in
 * create-payments.ts from PAYMENTS.
 */
export const subscriptionStatuses = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

export interface ProviderSubscription {
  id: string;
  customerId: string;
  customerEmail: string;
  status: SubscriptionStatus;
  /** End of the current billing period (the next billing date). */
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
}

export interface ProviderCheckoutSession {
  id: string;
  /** 'complete' once paid. */
  status: 'open' | 'complete' | 'expired';
  customerId: string | null;
  subscriptionId: string | null;
  customerEmail: string | null;
  /** Our checkout's reference, as we gave it when creating the session (Stripe's client_reference_id). */
  reference: string | null;
}

/** The lifecycle events both providers deliver to the same handler (Stripe's names and meaning). */
export type PaymentEvent =
  | { id: string; created: number; type: 'checkout.session.completed'; session: ProviderCheckoutSession }
  | { id: string; created: number; type: 'invoice.paid'; invoiceId: string; subscriptionId: string; customerId: string; periodEnd: Date }
  | {
      id: string;
      created: number;
      type: 'invoice.payment_failed';
      invoiceId: string;
      subscriptionId: string;
      customerId: string;
      message: string;
    }
  | { id: string; created: number; type: 'customer.subscription.updated'; subscription: ProviderSubscription }
  | { id: string; created: number; type: 'customer.subscription.deleted'; subscription: ProviderSubscription };

export interface PaymentsProvider {
  readonly name: 'local' | 'stripe';
  /**
   * Customer + subscription with an incomplete first payment; the card form confirms it with the client
   * secret. The same idempotency key answers the same customer and subscription (a reused checkout).
   */
  createSubscription(input: { email: string; name: string; reference: string; idempotencyKey: string }): Promise<{
    customerId: string;
    subscriptionId: string;
    clientSecret: string;
  }>;
  /**
   * The provider-hosted checkout alternative; it returns to `successUrl` with `{CHECKOUT_SESSION_ID}`
   * filled in. The same idempotency key answers the same session (a reused checkout).
   */
  createCheckoutSession(input: {
    email: string;
    name: string;
    /** Our checkout's id (checkout_intents): it comes back on the completed session and its events. */
    reference: string;
    successUrl: string;
    cancelUrl: string;
    idempotencyKey: string;
  }): Promise<{
    id: string;
    url: string;
  }>;
  retrieveCheckoutSession(id: string): Promise<ProviderCheckoutSession | null>;
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /**
   * Ends a subscription now (no further charge, access ends), as when its owner deletes the account.
   * A subscription already ended is answered as it is; one the provider does not know is null.
   */
  cancelSubscriptionNow(id: string): Promise<ProviderSubscription | null>;
  /**
   * A payment that made no account (ADR 055): ends the subscription now and refunds in full what was
   * paid for it, once (the same call again refunds nothing more). Null when the provider does not know it.
   */
  refundSubscription(id: string): Promise<ProviderSubscription | null>;
  /** Verifies a webhook delivery (signature over the raw body) and turns it into an event; null for types we ignore. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent | null>;
}

/** Provider-side refusal a user can be shown (a declined card, the portal not activated). */
export class PaymentError extends Error {
  constructor(
    message: string,
    public readonly code: 'card_declined' | 'portal_not_activated' | 'invalid_request' | 'provider_unavailable',
  ) {
    super(message);
    this.name = 'PaymentError';
  }
}
