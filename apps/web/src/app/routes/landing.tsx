import { LandingPage } from '@/features/marketing/components/landing-page';

export function Component() {
  return <LandingPage />;
}
