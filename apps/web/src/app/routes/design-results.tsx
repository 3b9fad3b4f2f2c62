import { ResultsPage } from '@/features/results/components/results-page';

export function Component() {
  return <ResultsPage />;
}
