import { LocalCheckoutPage } from '@/features/billing/components/local-checkout-page';

export function Component() {
  return <LocalCheckoutPage />;
}
