import { designViewAnswer } from '@rv/contracts/api/design-view';
import { queryKey } from '@/lib/api-client';
import { readPageData } from '@/lib/page-data';
import { queryClient } from '@/lib/query-client';
import { ResultsPage } from '@/features/designs/view/components/results-page';
import { ShopDialog } from '@/features/shop/components/shop-dialog';

// A shared design the server rendered: the page starts from the answer its HTML was drawn with (so it
// hydrates without a mismatch), marked stale so it is asked again at once (a signed-in owner then sees
// their own view). An answer that is not a design view is left out: the page asks for it instead.
const shared = readPageData().designView;
const answer = shared && designViewAnswer.safeParse(shared.answer);
if (shared && answer?.success) queryClient.setQueryData(queryKey('designView', shared.id), answer.data, { updatedAt: 0 });

export function Component() {
  return <ResultsPage shop={(items) => <ShopDialog items={items} />} />;
}
