import { ResultsPage } from '@/features/results/components/results-page';
import { ShopDialog } from '@/features/shop/components/shop-dialog';

export function Component() {
  return <ResultsPage shop={(items) => <ShopDialog items={items} />} />;
}
