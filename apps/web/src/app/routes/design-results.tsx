import { designViewAnswer } from '@rv/contracts/api/design-view';
import { queryKey } from '@/lib/api-client';
import { readPageData } from '@/lib/page-data';
import { queryClient } from '@/lib/query-client';
import { ResultsPage } from '@/features/designs/view/components/results-page';
import { ShopDialog } from '@/features/shop/components/shop-dialog';

// A results page the server rendered: the browser's query cache starts from the answer the HTML was drawn
// with, read by the server for this very request as this visitor asks it (their session, or none), so the
// page hydrates without a mismatch and reads the design once per load: seeded as fresh (now), it is not
// asked again until the query client's staleTime has passed or an action reads it again (ADR 018). An answer that is not a design view is left out: the page asks for it instead.
const rendered = readPageData().designView;
const answer = rendered && designViewAnswer.safeParse(rendered.answer);
if (rendered && answer?.success) queryClient.setQueryData(queryKey('designView', rendered.id), answer.data);

export function Component() {
  return <ResultsPage shop={(items) => <ShopDialog items={items} />} />;
}
