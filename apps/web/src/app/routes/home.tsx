import { HomePage } from '@/features/designs/homes/components/home-page';

export function Component() {
  return <HomePage />;
}
