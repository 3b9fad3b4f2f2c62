import { startFakeStripeApi, type FakeStripeApi } from '@rv/testing/fake-stripe-api';
import type { PaymentsProvider } from '../src/payments/payments-provider';
import { createStripePayments, type StripePaymentsOptions } from '../src/payments/stripe/stripe-payments';

/** A fake Stripe API that accepts `secretKey`, and the Stripe payments provider (the official SDK) pointed at it; close `api` after. */
export async function startStripePaymentsOnFakeApi(
  options: Omit<StripePaymentsOptions, 'apiBaseUrl'>,
): Promise<{ api: FakeStripeApi; payments: PaymentsProvider }> {
  const api = await startFakeStripeApi({ secretKey: options.secretKey });
  return { api, payments: createStripePayments({ ...options, apiBaseUrl: api.url }) };
}
