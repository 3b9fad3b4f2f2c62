import type { Config } from '../config/env';
import type { Db } from '../db/client';
import { applyPaymentEvent } from './apply-payment-event';
import { paidSubscriptionOf, refundOrphanPayment } from './orphan-payments';
import { createLocalPayments, type LocalPayments } from './local/local-payments';
import type { PaymentsProvider } from './payments-provider';
import { createStripePayments } from './stripe/stripe-payments';

/** The payment provider chosen by PAYMENTS: local (offline default) or stripe. */
export function createPayments(config: Config, db: Db): PaymentsProvider {
  if (config.PAYMENTS === 'stripe') {
    return createStripePayments({
      secretKey: config.STRIPE_SECRET_KEY!,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
      priceId: config.STRIPE_PRICE_ID!,
      apiBaseUrl: config.STRIPE_API_URL,
    });
  }
  const local: LocalPayments = createLocalPayments({
    db,
    publicUrl: config.PUBLIC_URL,
    webhookSecret: config.AUTH_SECRET,
    deliver: async (event) => {
      await applyPaymentEvent(db, event);
      // A payment the event left without an account is refunded at once, as the webhook route does.
      const paid = paidSubscriptionOf(event);
      if (paid) await refundOrphanPayment(db, local, paid);
    },
  });
  return local;
}

export function isLocalPayments(provider: PaymentsProvider): provider is LocalPayments {
  return provider.name === 'local';
}
