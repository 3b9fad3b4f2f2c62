import { CreateAccountPage } from '@/features/billing/components/create-account-page';

export function Component() {
  return <CreateAccountPage />;
}
