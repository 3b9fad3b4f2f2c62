import { LocalPortalPage } from '@/features/billing/components/local-portal-page';

export function Component() {
  return <LocalPortalPage />;
}
